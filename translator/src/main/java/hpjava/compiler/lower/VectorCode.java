package hpjava.compiler.lower;

import java.util.ArrayList;
import java.util.List;

import org.antlr.v4.runtime.ParserRuleContext;

import hpjava.compiler.attribute.Attribution;
import hpjava.grammar.HPJavaParser;
import hpjava.grammar.HPJavaParser.*;

/**
 * The Java text of a {@link Vectorizer.Form}: the local class {@code $VN} with its vector loop {@code $row} and the
 * call of it in the fast copy (translator/README.md, "Vectorized element loops"). All of it is one line: it is
 * written on the body's first line, so the {@code .hpj} lines of everything after it are kept. Every name inside
 * {@code $row} is one of {@link Gen#ROW_NAMES} or a numbered {@code Gen.ROW_*} name ({@code GenTest} keeps it so).
 */
final class VectorCode {
    private static final String PKG = "jdk.incubator.vector.";

    private VectorCode() {
    }

    /** {@code final class $VN { static int $row(...) { ... } } }: the vector loop of form {@code f} in overall {@code s}. */
    static String declaration(Vectorizer.Form f, Plan.Stmt s) {
        String vec = PKG + (f.element.equals("double") ? "DoubleVector" : "FloatVector");
        String box = f.element.equals("double") ? "Double" : "Float";
        List<String> params = new ArrayList<>(List.of("int $n"));
        for (Plan.Hoist h : f.hoists) params.add(f.element + "[] " + Gen.ROW_ARRAY.of(h.id()));
        for (Vectorizer.Operand op : f.operands.values()) params.add("int " + Gen.ROW_OFFSET.of(op.slot()));
        for (int p : f.invariants.values()) params.add(f.element + " " + Gen.ROW_SCALAR.of(p));
        StringBuilder sb = new StringBuilder("final class " + Gen.VECTOR_CLASS.of(s.id) + " { static int " + Gen.ROW + "("
                + String.join(", ", params) + ") { final " + PKG + "VectorSpecies<" + box + "> $S = " + vec
                + ".SPECIES_PREFERRED; final int $L = $S.length(); ");
        Emission em = new Emission(f, vec);
        if (f.step == 1) {
            broadcasts(sb, f, vec);
            sb.append("int $k = 0; for (; $k <= $n - $L; $k += $L) { ");
            statements(sb, em);
            return sb.append("} return $k; } } ").toString();
        }
        return stepTwo(sb, f, em, vec, box);
    }

    /**
     * The step-2 loop on deinterleaved lanes (gcc's form). A chunk is 2L consecutive elements of the written row from
     * a loop element: its even offsets are the loop's elements k .. k + L - 1, the odd ones the other colour. Each
     * row operand is loaded as two vectors and a two-source permute ({@code $ev.selectFrom}) gathers the lanes at
     * the loop's elements; element-wise work on operands that need no special lanes is done on both vectors first
     * and permuted once (the same IEEE operations on the lanes that matter: up + down costs one permute, not two).
     * The written row's odd lanes ({@code $co}) are the reads at shift +1; at shift -1 they come from the previous
     * chunk's last odd lane and these ({@code $lf.selectFrom($po, $co)}; the first chunk broadcasts the element
     * before the loop's first), so no load overlaps the previous chunk's store. Only the L useful results are
     * computed ({@code $w}, the written element's value through the body's statements); the inverse permutes put them
     * between the odd lanes as loaded and both vectors are stored unmasked: the other colour's elements are rewritten
     * with the values they hold (no store of this loop changes them). A chunk runs while k + L < n, so everything
     * loaded or stored lies between the row's first and last loop element at the operand's shift (nothing outside
     * the array, the segment or, for the written row at shift 0, the elements the process owns).
     */
    private static String stepTwo(StringBuilder sb, Vectorizer.Form f, Emission em, String vec, String box) {
        String x = f.element.equals("float") ? "f" : "";
        sb.append("if ($L < 2 || $n <= $L) return 0; ");
        for (Vectorizer.Operand op : f.otherRows)  // another row of the written array: no element this loop writes
            sb.append("{ final int $e = ").append(Gen.ROW_OFFSET.of(op.slot())).append(" - ").append(Gen.ROW_OFFSET.of(f.own.slot()))
              .append("; if (($e & 1) == 0 && $e != 0 && $e < 2 * $n && -$e < 2 * $n) return 0; } ");
        sb.append("final ").append(vec).append(" $z = ").append(vec).append(".zero($S), $ev = $z.addIndex(2), $od = $ev.add(1), ")
          .append("$hf = $ev.mul(0.25").append(x).append("), $lo = $hf.blend($hf.add($L - 0.5").append(x).append("), ").append(PKG)
          .append("VectorMask.fromLong($S, 0xAAAAAAAAAAAAAAAAL)), $hi = $lo.add($L / 2); ");
        broadcasts(sb, f, vec);
        String own = Gen.ROW_ARRAY.of(f.own.hoist().id()), at = Gen.ROW_OFFSET.of(f.own.slot());
        sb.append("int $k = 0, $j = 0; ");
        if (f.left != null)
            sb.append("final ").append(vec).append(" $lf = $z.addIndex(1).add($L - 1); ").append(vec).append(" $po = ")
              .append(vec).append(".broadcast($S, ").append(own).append("[").append(at).append(" - 1]); ");
        sb.append("for (;;) { final ").append(vec).append(" $ca = ").append(em.load(f.own, "$j")).append(", $cb = ")
          .append(em.load(f.own, "$j + $L")).append(", $co = $od.selectFrom($ca, $cb); ").append(vec)
          .append(" $w = $ev.selectFrom($ca, $cb); ");
        if (f.left != null) sb.append("final ").append(vec).append(" $cl = $lf.selectFrom($po, $co); ");
        for (ParserRuleContext st : f.statements) {
            if (st instanceof VariableDeclaratorContext d) {
                sb.append("final ").append(vec).append(" ").append(Gen.ROW_LOCAL.of(f.declared.get(d))).append(" = ")
                  .append(em.deinterleaved(d.variableInitializer().expression())).append("; ");
                continue;
            }
            AssignmentContext as = (AssignmentContext) st;
            String value = em.deinterleaved(as.expression(1));
            String op = operator(as);
            sb.append("$w = ").append(op == null ? value : "$w." + op + "(" + value + ")").append("; ");
        }
        sb.append("$lo.selectFrom($w, $co).intoArray(").append(own).append(", ").append(at).append(" + $j); ")
          .append("$hi.selectFrom($w, $co).intoArray(").append(own).append(", ").append(at).append(" + $j + $L); ")
          .append("$k += $L; if ($k + $L >= $n) return $k; $j += 2 * $L; ");
        if (f.left != null) sb.append("$po = $co; ");
        return sb.append("} } } ").toString();
    }

    /** The vector method of a compound assignment's operator, or null for {@code =}. */
    private static String operator(AssignmentContext as) {
        return switch (as.assignmentOperator().getStart().getType()) {
            case HPJavaParser.ADD_ASSIGN -> "add";
            case HPJavaParser.SUB_ASSIGN -> "sub";
            case HPJavaParser.MUL_ASSIGN -> "mul";
            case HPJavaParser.DIV_ASSIGN -> "div";
            default -> null;
        };
    }

    private static void broadcasts(StringBuilder sb, Vectorizer.Form f, String vec) {
        for (int p : f.invariants.values())
            sb.append("final ").append(vec).append(" ").append(Gen.ROW_INVARIANT.of(p)).append(" = ").append(vec).append(".broadcast($S, ")
              .append(Gen.ROW_SCALAR.of(p)).append("); ");
    }

    /** The body's locals ({@link Gen#ROW_LOCAL}) and stores, in order (step 1). */
    private static void statements(StringBuilder sb, Emission em) {
        for (ParserRuleContext st : em.f().statements) {
            if (st instanceof VariableDeclaratorContext d) {
                sb.append("final ").append(em.vec()).append(" ").append(Gen.ROW_LOCAL.of(em.f().declared.get(d))).append(" = ")
                  .append(em.vector(d.variableInitializer().expression())).append("; ");
                continue;
            }
            AssignmentContext as = (AssignmentContext) st;
            Vectorizer.Operand w = em.f().operand((ElementAccessContext) as.expression(0));
            String value = em.vector(as.expression(1));
            String op = operator(as);
            if (op != null) value = em.load(w, "$k") + "." + op + "(" + value + ")";
            sb.append(value).append(".intoArray(").append(Gen.ROW_ARRAY.of(w.hoist().id())).append(", ").append(Gen.ROW_OFFSET.of(w.slot()))
              .append(" + $k); ");
        }
    }

    /**
     * {@code int $vN = 0; if (VECTOR && $dW != $dH ...) $vN = $VN.$row(...); }: the call, in the caller's scope (the
     * loop's {@code $nN}, {@code $sbN}, the hoists and outer subscripts), leaving in {@code $vN} where the scalar loop
     * starts.
     */
    static String call(Vectorizer.Form f, Plan plan, Plan.Stmt s) {
        int n = s.id;
        StringBuilder cond = new StringBuilder(RuntimeApi.vectorAvailable());
        for (Plan.Hoist w : f.written.keySet())
            for (Plan.Hoist h : f.hoists)
                if (h != w && (!f.written.containsKey(h) || h.id() > w.id()))
                    cond.append(" && ").append(Gen.DATA.of(w.id())).append(" != ").append(Gen.DATA.of(h.id()));
        List<String> args = new ArrayList<>(List.of(Gen.COUNT.of(n)));
        for (Plan.Hoist h : f.hoists) args.add(Gen.DATA.of(h.id()));
        for (Vectorizer.Operand op : f.operands.values()) args.add(offset(op, plan, s));
        for (ParserRuleContext e : f.invariants.keySet()) args.add("(" + Vectorizer.text(e) + ")");
        return "int " + Gen.VECTOR_START.of(n) + " = 0; if (" + cond + ") " + Gen.VECTOR_START.of(n) + " = "
                + Gen.VECTOR_CLASS.of(n) + "." + Gen.ROW + "(" + String.join(", ", args) + "); ";
    }

    /** The offset of an operand's element at the segment's first local subscript ({@code $sbN}). */
    private static String offset(Vectorizer.Operand op, Plan plan, Plan.Stmt s) {
        Plan.Hoist h = op.hoist();
        StringBuilder sb = new StringBuilder(Gen.BASE.of(h.id()));
        List<Attribution.Subscript> subs = op.access().subscripts();
        for (int r = 0; r < subs.size(); r++) {
            Attribution.Subscript sub = subs.get(r);
            if (sub instanceof Attribution.IndexSubscript is && plan.binder(is.index()) == s) {
                sb.append(" + (").append(Gen.SUB_BASE.of(s.id)).append(" + ").append(is.shift()).append(")"); // stride 1, checked
            } else if (sub instanceof Attribution.IndexSubscript is) {
                sb.append(" + ").append(Gen.STRIDE.of(h.id(), r)).append(" * (").append(Gen.SUBSCRIPT.of(plan.binder(is.index()).id))
                  .append(" + ").append(is.shift()).append(")");
            } else {
                sb.append(" + ").append(Gen.STRIDE.of(h.id(), r)).append(" * (").append(Vectorizer.text(sub.expr())).append(")");
            }
        }
        return sb.toString();
    }

    /**
     * Vector expressions of a form's body, inside {@code $row}: {@link #vector} at step 1 (lanes are consecutive
     * elements from {@code $k}), {@link #deinterleaved} at step 2 (lanes are the loop's elements of the chunk at
     * {@code $j} = 2k).
     */
    private static final class Emission {
        private final Vectorizer.Form f;
        private final String vec;

        Emission(Vectorizer.Form f, String vec) {
            this.f = f;
            this.vec = vec;
        }

        Vectorizer.Form f() {
            return f;
        }

        String vec() {
            return vec;
        }

        String load(Vectorizer.Operand op, String at) {
            return vec + ".fromArray($S, " + Gen.ROW_ARRAY.of(op.hoist().id()) + ", " + Gen.ROW_OFFSET.of(op.slot()) + " + " + at + ")";
        }

        String vector(ExpressionContext e) {
            Integer p = f.invariants.get(e);
            if (p != null) return Gen.ROW_INVARIANT.of(p);
            return switch (e) {
                case ParenthesizedContext par -> vector(par.expression());
                case ElementAccessContext a -> load(f.operand(a), "$k");
                case NameContext n -> Gen.ROW_LOCAL.of(f.localUses.get(n));
                case PrefixExpressionContext pre -> pre.prefix.getType() == HPJavaParser.SUB ? vector(pre.expression()) + ".neg()"
                        : vector(pre.expression());
                case MultiplicativeContext m -> vector(m.expression(0)) + (m.op.getType() == HPJavaParser.MUL ? ".mul(" : ".div(")
                        + vector(m.expression(1)) + ")";
                case AdditiveContext a -> vector(a.expression(0)) + (a.op.getType() == HPJavaParser.ADD ? ".add(" : ".sub(")
                        + vector(a.expression(1)) + ")";
                default -> throw new IllegalStateException("not a vector expression: " + e.getText());
            };
        }

        /**
         * Step 2: {@code e} over the chunk's L loop elements. The written element is {@code $w}, the written row at
         * -1 and +1 {@code $cl} and {@code $co}, a local {@link Gen#ROW_LOCAL}; a subtree of other element reads and
         * invariants is computed on both vectors of the chunk ({@link #pair}) and permuted once.
         */
        String deinterleaved(ExpressionContext e) {
            Integer p = f.invariants.get(e);
            if (p != null) return Gen.ROW_INVARIANT.of(p);
            if (paired(e)) {
                String[] two = pair(e);
                return "$ev.selectFrom(" + two[0] + ", " + two[1] + ")";
            }
            return switch (e) {
                case ParenthesizedContext par -> deinterleaved(par.expression());
                case ElementAccessContext a -> {
                    Vectorizer.Operand op = f.operand(a);
                    yield op == f.own ? "$w" : op == f.left ? "$cl" : "$co";
                }
                case NameContext n -> Gen.ROW_LOCAL.of(f.localUses.get(n));
                case PrefixExpressionContext pre -> pre.prefix.getType() == HPJavaParser.SUB
                        ? deinterleaved(pre.expression()) + ".neg()" : deinterleaved(pre.expression());
                case MultiplicativeContext m -> deinterleaved(m.expression(0)) + (m.op.getType() == HPJavaParser.MUL ? ".mul(" : ".div(")
                        + deinterleaved(m.expression(1)) + ")";
                case AdditiveContext a -> deinterleaved(a.expression(0)) + (a.op.getType() == HPJavaParser.ADD ? ".add(" : ".sub(")
                        + deinterleaved(a.expression(1)) + ")";
                default -> throw new IllegalStateException("not a vector expression: " + e.getText());
            };
        }

        /** Whether {@code e} reads elements and only plain ones (not the written element, its row at -1 or +1, a local). */
        private boolean paired(ExpressionContext e) {
            return reads(e) && plain(e);
        }

        private boolean reads(ExpressionContext e) {
            if (f.invariants.containsKey(e)) return false;
            return switch (e) {
                case ParenthesizedContext par -> reads(par.expression());
                case ElementAccessContext a -> true;
                case NameContext n -> true;
                case PrefixExpressionContext pre -> reads(pre.expression());
                case MultiplicativeContext m -> reads(m.expression(0)) || reads(m.expression(1));
                case AdditiveContext a -> reads(a.expression(0)) || reads(a.expression(1));
                default -> false;
            };
        }

        private boolean plain(ExpressionContext e) {
            if (f.invariants.containsKey(e)) return true;
            return switch (e) {
                case ParenthesizedContext par -> plain(par.expression());
                case ElementAccessContext a -> {
                    Vectorizer.Operand op = f.operand(a);
                    yield op != f.own && op != f.left && op != f.right;
                }
                case PrefixExpressionContext pre -> plain(pre.expression());
                case MultiplicativeContext m -> plain(m.expression(0)) && plain(m.expression(1));
                case AdditiveContext a -> plain(a.expression(0)) && plain(a.expression(1));
                default -> false;
            };
        }

        /** A plain subtree on the chunk's two vectors, lane for lane: the first and the second vector's expression. */
        private String[] pair(ExpressionContext e) {
            Integer p = f.invariants.get(e);
            if (p != null) return new String[] {Gen.ROW_INVARIANT.of(p), Gen.ROW_INVARIANT.of(p)};
            return switch (e) {
                case ParenthesizedContext par -> pair(par.expression());
                case ElementAccessContext a -> new String[] {load(f.operand(a), "$j"), load(f.operand(a), "$j + $L")};
                case PrefixExpressionContext pre -> {
                    String[] v = pair(pre.expression());
                    yield pre.prefix.getType() == HPJavaParser.SUB ? new String[] {v[0] + ".neg()", v[1] + ".neg()"} : v;
                }
                case MultiplicativeContext m -> combine(pair(m.expression(0)), m.op.getType() == HPJavaParser.MUL ? "mul" : "div", pair(m.expression(1)));
                case AdditiveContext a -> combine(pair(a.expression(0)), a.op.getType() == HPJavaParser.ADD ? "add" : "sub", pair(a.expression(1)));
                default -> throw new IllegalStateException("not a vector expression: " + e.getText());
            };
        }

        private static String[] combine(String[] l, String op, String[] r) {
            return new String[] {l[0] + "." + op + "(" + r[0] + ")", l[1] + "." + op + "(" + r[1] + ")"};
        }
    }
}

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
 * written on the body's first line, so the {@code .hpj} lines of everything after it are kept.
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
        for (Plan.Hoist h : f.hoists) params.add(f.element + "[] $a" + h.id());
        for (Vectorizer.Operand op : f.operands.values()) params.add("int $f" + op.slot());
        for (int p : f.invariants.values()) params.add(f.element + " $p" + p);
        StringBuilder sb = new StringBuilder("final class " + Gen.VECTOR_CLASS.of(s.id) + " { static int " + Gen.ROW + "("
                + String.join(", ", params) + ") { final " + PKG + "VectorSpecies<" + box + "> $S = " + vec
                + ".SPECIES_PREFERRED; final int $L = $S.length(); ");
        Emission em = new Emission(f, vec, f.step == 1 ? "$k" : "$j");
        if (f.step == 1) {
            broadcasts(sb, f, vec);
            sb.append("int $k = 0; for (; $k <= $n - $L; $k += $L) { ");
            statements(sb, em, "");
            return sb.append("} return $k; } } ").toString();
        }
        return stepTwo(sb, f, em, vec, box);
    }

    /**
     * The step-2 loop: chunks of L lanes starting at an element of the loop (lane 0), so the even lanes are the
     * loop's elements k .. k + L/2 - 1 and the odd lanes the other colour. Every lane is computed, the even ones are
     * stored (masked store: the odd elements are not written). A chunk runs while k + L/2 < n: its last lane then
     * lies before the loop's last element, so every lane of every load reads an element the scalar loop reads at the
     * same shift (no read outside the array or the segment). The read of the written row at shift -1 comes from
     * registers ({@code $q.slice($L - 1, $c)}, $q and $c the row's previous and current chunk as loaded): a load
     * there would overlap the previous chunk's store and stall on store-to-load forwarding (docs/BENCHMARKS.md,
     * "Vectorized sweep"); its odd lanes are the other colour, which no store of this loop changes.
     */
    private static String stepTwo(StringBuilder sb, Vectorizer.Form f, Emission em, String vec, String box) {
        sb.append("final int $h = $L / 2; if ($L < 2 || $n <= $h) return 0; ");
        for (Vectorizer.Operand op : f.otherRows)  // another row of the written array: no element this loop writes
            sb.append("{ final int $e = $f").append(op.slot()).append(" - $f").append(f.own.slot())
              .append("; if (($e & 1) == 0 && $e != 0 && $e < 2 * $n && -$e < 2 * $n) return 0; } ");
        sb.append("final ").append(PKG).append("VectorMask<").append(box).append("> $m = ").append(PKG)
          .append("VectorMask.fromLong($S, 0x5555555555555555L); ");
        broadcasts(sb, f, vec);
        sb.append("int $k = 0, $j = 0; ");
        if (f.left != null)
            sb.append(vec).append(" $c = ").append(em.load(f.own, "0")).append(", $l = ").append(em.load(f.left, "0")).append("; ");
        sb.append("for (;;) { ");
        statements(sb, em, ", $m");
        sb.append("$k += $h; $j += $L; if ($k + $h >= $n) return $k; ");
        if (f.left != null)
            sb.append("final ").append(vec).append(" $q = $c; $c = ").append(em.load(f.own, "$j")).append("; $l = $q.slice($L - 1, $c); ");
        return sb.append("} } } ").toString();
    }

    private static void broadcasts(StringBuilder sb, Vectorizer.Form f, String vec) {
        for (int p : f.invariants.values())
            sb.append("final ").append(vec).append(" $b").append(p).append(" = ").append(vec).append(".broadcast($S, $p").append(p).append("); ");
    }

    /** The body's locals ({@code $tN}) and stores, in order; {@code mask} is the store's mask argument ("" or ", $m"). */
    private static void statements(StringBuilder sb, Emission em, String mask) {
        em.stored = false;
        for (ParserRuleContext st : em.f().statements) {
            if (st instanceof VariableDeclaratorContext d) {
                sb.append("final ").append(em.vec()).append(" $t").append(em.f().declared.get(d)).append(" = ")
                  .append(em.vector(d.variableInitializer().expression())).append("; ");
                continue;
            }
            AssignmentContext as = (AssignmentContext) st;
            Vectorizer.Operand w = em.f().operand((ElementAccessContext) as.expression(0));
            String value = em.vector(as.expression(1));
            String op = switch (as.assignmentOperator().getStart().getType()) {
                case HPJavaParser.ADD_ASSIGN -> "add";
                case HPJavaParser.SUB_ASSIGN -> "sub";
                case HPJavaParser.MUL_ASSIGN -> "mul";
                case HPJavaParser.DIV_ASSIGN -> "div";
                default -> null;
            };
            if (op != null) value = em.load(w) + "." + op + "(" + value + ")";
            sb.append(value).append(".intoArray($a").append(w.hoist().id()).append(", $f").append(w.slot()).append(" + ")
              .append(em.lane()).append(mask).append("); ");
            em.stored = true;
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
     * Vector expressions of a form's body, inside {@code $row}; {@code lane} is the chunk's first lane ({@code $k}
     * at step 1, {@code $j} = 2k at step 2).
     */
    private static final class Emission {
        private final Vectorizer.Form f;
        private final String vec, lane;
        /** Whether this chunk has stored yet (before, the written element is {@code $c}, loaded at the chunk's start). */
        private boolean stored;

        Emission(Vectorizer.Form f, String vec, String lane) {
            this.f = f;
            this.vec = vec;
            this.lane = lane;
        }

        Vectorizer.Form f() {
            return f;
        }

        String vec() {
            return vec;
        }

        String lane() {
            return lane;
        }

        String load(Vectorizer.Operand op) {
            if (op == f.left) return "$l";
            if (op == f.own && f.left != null && !stored) return "$c";
            return load(op, lane);
        }

        String load(Vectorizer.Operand op, String at) {
            return vec + ".fromArray($S, $a" + op.hoist().id() + ", $f" + op.slot() + " + " + at + ")";
        }

        String vector(ExpressionContext e) {
            Integer p = f.invariants.get(e);
            if (p != null) return "$b" + p;
            return switch (e) {
                case ParenthesizedContext par -> vector(par.expression());
                case ElementAccessContext a -> load(f.operand(a));
                case NameContext n -> "$t" + f.localUses.get(n);
                case PrefixExpressionContext pre -> pre.prefix.getType() == HPJavaParser.SUB ? vector(pre.expression()) + ".neg()"
                        : vector(pre.expression());
                case MultiplicativeContext m -> vector(m.expression(0)) + (m.op.getType() == HPJavaParser.MUL ? ".mul(" : ".div(")
                        + vector(m.expression(1)) + ")";
                case AdditiveContext a -> vector(a.expression(0)) + (a.op.getType() == HPJavaParser.ADD ? ".add(" : ".sub(")
                        + vector(a.expression(1)) + ")";
                default -> throw new IllegalStateException("not a vector expression: " + e.getText());
            };
        }
    }
}

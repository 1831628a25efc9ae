package hpjava.compiler.lower;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

import hpjava.compiler.attribute.Attribution;
import hpjava.compiler.attribute.Locations;
import hpjava.compiler.attribute.MultiarrayType;
import hpjava.compiler.attribute.RangeFact;
import hpjava.compiler.attribute.Symbol;
import hpjava.compiler.parse.SourceUnit;
import hpjava.grammar.HPJavaParser;
import hpjava.grammar.HPJavaParser.*;

/**
 * The LOWER phase: HPJava to Java, line-aligned with the source (see {@link PositionMap}).
 *
 * <ul>
 * <li>{@code overall (i = x for l : u : s) S}: a loop over the segments of the calling process's local block of
 *     {@code x}, APG restricted with {@code enterIndex} in try/finally; {@code i} becomes the local subscript
 *     {@code $iN}, {@code i`} becomes {@code $gbN + $kN * $gsN}.</li>
 * <li>{@code a[i, j]}: {@code $dH[$oH + $sH_0 * $i1 + $sH_1 * $i2]} where data, base and strides are final locals
 *     hoisted before the outermost enclosing overall/at that neither declares nor assigns {@code a}; a shift
 *     {@code i - 1} is {@code ($i1 + -1)}. Alignment and ghost-width checks run once per loop, not per element.</li>
 * <li>{@code at}, {@code on}, {@code p / i}, {@code i`}, sections, subranges, creation and multiarray types map
 *     onto hpjava.lang (see runtime/README.md).</li>
 * </ul>
 */
public final class Lowerer {

    /** The result: Java text (line N = .hpj line N up to the source's last line) and the position map. */
    public record Lowered(String packageName, String className, String javaText, PositionMap map, boolean hasMain) {
    }

    /** An overall, at or on statement. */
    private static final class Stmt {
        final int id;
        final ParserRuleContext ctx;
        Stmt root;
        final List<Stmt> nested = new ArrayList<>();
        final Map<Symbol.Variable, Hoist> hoists = new LinkedHashMap<>();
        final Map<String, String> checks = new LinkedHashMap<>();
        /** Strides ($sH_r) of hoisted arrays subscripted by this statement's index in slot r. */
        final Set<String> indexStrides = new LinkedHashSet<>();
        /** Whether the body holds another overall, at or on (then the element loop is not versioned). */
        boolean hasNested;
        /**
         * The arrays (and their qualifiers) named by this statement's checks. Every checked access is attributed, so
         * its array is named by {@code a}, {@code this.a} or a chain of names {@code q.r.a} (Attributor.elementAccess):
         * reading it runs no code, and a qualified one is a field.
         */
        final Set<Symbol.Variable> checkVars = new LinkedHashSet<>();

        Stmt(int id, ParserRuleContext ctx) {
            this.id = id;
            this.ctx = ctx;
        }

        boolean isRoot() { return root == this; }

        boolean isOverall() { return ctx instanceof OverallStatementContext; }

        boolean contains(int tokenIndex) {
            return tokenIndex >= ctx.getStart().getTokenIndex() && tokenIndex <= ctx.getStop().getTokenIndex();
        }
    }

    private record Hoist(Symbol.Variable array, String base, int id) {
    }

    private final SourceUnit unit;
    private final Attribution attr;
    private final boolean adlib;
    private final String text;
    private final Emitter em;
    private final String sup;
    private final Map<ParserRuleContext, Stmt> stmts = new IdentityHashMap<>();
    private final Map<Symbol.Index, Stmt> indexStmt = new HashMap<>();
    private boolean usesMpi; // compat: the file imports mpi (ImportFixups)
    private final Map<ElementAccessContext, Hoist> accessHoist = new IdentityHashMap<>();
    private final Map<Symbol.Variable, List<Integer>> assignments = new HashMap<>();
    private final Set<Stmt> fastIndexes = new java.util.HashSet<>();
    private int counter;
    private boolean hasMain;
    private String packageName = "";

    private Lowerer(SourceUnit unit, Attribution attr, boolean adlib) {
        this.unit = unit;
        this.attr = attr;
        this.adlib = adlib;
        this.text = unit.text();
        this.em = new Emitter(text, commentMask(unit));
        this.sup = unit.baseName() + "$$hpj";
    }

    private static boolean[] commentMask(SourceUnit unit) {
        boolean[] mask = new boolean[unit.text().length()];
        for (Token t : unit.parse().tokens().getTokens())
            if (t.getType() == HPJavaParser.COMMENT || t.getType() == HPJavaParser.LINE_COMMENT)
                for (int i = t.getStartIndex(); i <= t.getStopIndex() && i < mask.length; i++) mask[i] = true;
        return mask;
    }

    /**
     * Lowers one attributed and checked unit. {@code adlib}: whether hpjava.adlib is on the class path (then it is
     * imported implicitly).
     */
    public static Lowered lower(SourceUnit unit, Attribution attr, boolean adlib) {
        Lowerer l = new Lowerer(unit, attr, adlib);
        l.collectAssignments(unit.parse().tree());
        l.prepare(unit.parse().tree(), new ArrayDeque<>());
        l.emit(unit.parse().tree());
        l.em.appendTrailer(l.supportClass());
        return new Lowered(l.packageName, unit.baseName(), l.em.text(), l.em.map(), l.hasMain);
    }

    // ---- preparation: statements, roots, hoists, checks

    private void collectAssignments(ParseTree t) {
        if (t == null || t instanceof TerminalNode) return;
        ExpressionContext target = switch (t) {
            case AssignmentContext a -> a.expression(0);
            case PostfixExpressionContext p -> p.expression();
            case PrefixExpressionContext p when p.prefix.getType() == HPJavaParser.INC
                    || p.prefix.getType() == HPJavaParser.DEC -> p.expression();
            default -> null;
        };
        if (target instanceof NameContext n && attr.symbol(n) instanceof Symbol.Variable v)
            assignments.computeIfAbsent(v, k -> new ArrayList<>()).add(n.getStart().getTokenIndex());
        for (int i = 0; i < t.getChildCount(); i++) collectAssignments(t.getChild(i));
    }

    private void prepare(ParseTree t, Deque<Stmt> stack) {
        if (t == null || t instanceof TerminalNode) return;
        if (t instanceof LambdaContext || t instanceof ClassBodyContext) {
            for (Stmt outer : stack) outer.hasNested = true;
            Deque<Stmt> fresh = new ArrayDeque<>();
            for (int i = 0; i < t.getChildCount(); i++) prepare(t.getChild(i), fresh);
            return;
        }
        if (t instanceof OverallStatementContext || t instanceof AtStatementContext || t instanceof OnStatementContext) {
            ParserRuleContext ctx = (ParserRuleContext) t;
            Stmt s = new Stmt(++counter, ctx);
            s.root = stack.isEmpty() ? s : stack.peekLast();
            for (Stmt outer : stack) outer.hasNested = true;
            if (!s.isRoot() && s.isOverall()) s.root.nested.add(s);
            stmts.put(ctx, s);
            Symbol.Index idx = attr.index(ctx);
            if (idx != null) indexStmt.put(idx, s);
            stack.push(s);
            for (int i = 0; i < t.getChildCount(); i++) prepare(t.getChild(i), stack);
            stack.pop();
            return;
        }
        if (t instanceof ElementAccessContext e && attr.access(e) != null) {
            Attribution.Access a = attr.access(e);
            Symbol.Variable v = a.array();
            Hoist hoist = null;
            Symbol.Variable qualifier = qualifier(e);
            for (Iterator<Stmt> it = stack.descendingIterator(); it.hasNext(); ) {
                Stmt s = it.next();
                if (s.ctx instanceof OnStatementContext || !outside(v, s) || qualifier != null && !outside(qualifier, s)) continue;
                hoist = s.hoists.computeIfAbsent(v, k -> new Hoist(k, a.base(), ++counter));
                accessHoist.put(e, hoist);
                break;
            }
            // membership of the array's group: checked once, at the outermost loop binding one of its subscripts
            Stmt outermost = null;
            ParserRuleContext heldAt = null;
            for (Attribution.Subscript sub : a.subscripts()) {
                if (!(sub instanceof Attribution.IndexSubscript is)) continue;
                Stmt binder = indexStmt.get(is.index());
                if (binder == null || !declaredOutside(v, binder)) continue;
                if (outermost == null || binder.contains(outermost.ctx.getStart().getTokenIndex()) && binder != outermost) {
                    outermost = binder;
                    heldAt = is.expr();
                }
            }
            if (outermost != null) {
                outermost.checks.putIfAbsent("held:" + a.base(), position(heldAt));
                checked(outermost, v, qualifier);
            }
            for (int r = 0; r < a.subscripts().size(); r++) {
                if (!(a.subscripts().get(r) instanceof Attribution.IndexSubscript is)) continue;
                Stmt binder = indexStmt.get(is.index());
                if (binder == null) continue;
                if (hoist != null) binder.indexStrides.add("$s" + hoist.id() + "_" + r);
                if (!declaredOutside(v, binder)) continue;
                if (!provablyAligned(v, r, is.index())) {
                    binder.checks.putIfAbsent("aligned:" + a.base() + ":" + r, position(is.expr()));
                    checked(binder, v, qualifier);
                }
                if (is.shift() != 0 && !provableShift(v, r, is)) {
                    binder.checks.putIfAbsent("shift:" + a.base() + ":" + r + ":" + is.shift(), position(is.expr()));
                    checked(binder, v, qualifier);
                }
            }
        }
        for (int i = 0; i < t.getChildCount(); i++) prepare(t.getChild(i), stack);
    }

    /** Records what the checks of {@code s} read: {@code array} and its qualifier (for {@link #fusedChild}). */
    private static void checked(Stmt s, Symbol.Variable array, Symbol.Variable qualifier) {
        s.checkVars.add(array);
        if (qualifier != null) s.checkVars.add(qualifier);
    }

    /** For {@code q.f[...]}, the variable {@code q} names (hoisting needs it unchanged too), else null. */
    private Symbol.Variable qualifier(ElementAccessContext e) {
        ExpressionContext q = e.array;
        while (q instanceof FieldAccessContext f) q = f.expression();
        return q != e.array && q instanceof NameContext n && attr.symbol(n) instanceof Symbol.Variable v ? v : null;
    }

    private boolean declaredOutside(Symbol.Variable v, Stmt s) {
        return v.declaration() == null || !s.contains(v.declaration().getTokenIndex());
    }

    /** Whether {@code v} may be read once before {@code s}: declared outside it and never assigned inside it. */
    private boolean outside(Symbol.Variable v, Stmt s) {
        if (!declaredOutside(v, s)) return false;
        for (int tok : assignments.getOrDefault(v, List.of())) if (s.contains(tok)) return false;
        return true;
    }

    private boolean provablyAligned(Symbol.Variable array, int r, Symbol.Index idx) {
        Symbol.Variable slot = array.slotRange(r);
        return slot != null && slot == idx.rangeVariable() && !slot.reassigned();
    }

    private boolean provableShift(Symbol.Variable array, int r, Attribution.IndexSubscript is) {
        Symbol.Variable rv = array.slotRange(r);
        if (rv == null || rv.range() == null) return false;
        RangeFact f = rv.range();
        Integer width = is.shift() < 0 ? f.lo() : f.hi();
        return f.collapsed() || (width != null && width >= Math.abs(is.shift()));
    }

    private String position(ParserRuleContext c) {
        return unit.name() + ":" + c.getStart().getLine() + ":" + (c.getStart().getCharPositionInLine() + 1);
    }

    // ---- emission

    private void emitChildren(ParseTree t) {
        for (int i = 0; i < t.getChildCount(); i++) emit(t.getChild(i));
    }

    private void emit(ParseTree t) {
        if (t == null) return;
        if (t instanceof TerminalNode tn) {
            Token tok = tn.getSymbol();
            em.copyTo(tok.getType() == Token.EOF ? text.length() : tok.getStopIndex() + 1);
            return;
        }
        switch (t) {
            case OrdinaryCompilationUnitContext cu -> compilationUnit(cu);
            case TypeContext ty when ty.multiarrayShape() != null -> {
                em.copyTo(start(ty));
                gen(attr.declared(ty).javaClass(), ty);
                em.skipTo(end(ty));
            }
            case OverallStatementContext o -> overall(o);
            case AtStatementContext a -> at(a);
            case OnStatementContext o -> on(o);
            case AssignmentContext as when as.assignmentOperator().ASSIGN() == null && objectUpdate(as.expression(0)) != null ->
                objectUpdate(as, objectUpdate(as.expression(0)), as.assignmentOperator().getText().replace("=", ""), as.expression(1));
            case PrefixExpressionContext pe when (pe.prefix.getType() == HPJavaParser.INC || pe.prefix.getType() == HPJavaParser.DEC)
                    && objectUpdate(pe.expression()) != null ->
                objectUpdate(pe, objectUpdate(pe.expression()), pe.prefix.getType() == HPJavaParser.INC ? "+" : "-", null);
            case PostfixExpressionContext pe when objectUpdate(pe.expression()) != null ->
                objectUpdate(pe, objectUpdate(pe.expression()), pe.postfix.getType() == HPJavaParser.INC ? "+" : "-", null);
            case ElementAccessContext e when attr.access(e) != null -> access(e, attr.access(e));
            case SectionContext s -> section(s);
            case GlobalIndexContext g -> {
                em.copyTo(start(g));
                gen("(" + globalIndex((Symbol.Index) attr.symbol((NameContext) g.expression())) + ")", g);
                em.skipTo(end(g));
            }
            case MultiplicativeContext m when Locations.restriction(m, attr) != null -> restrictToLocation(m); // compat
            case MultiplicativeContext m when m.op.getType() == HPJavaParser.DIV && m.expression(1) instanceof NameContext n
                    && attr.symbol(n) instanceof Symbol.Index idx -> {
                em.copyTo(start(m));
                gen("(", m);
                emit(m.expression(0));
                Stmt s = indexStmt.get(idx);
                gen(").restrict($x" + s.id + ", " + globalIndex(idx) + ")", m);
                em.skipTo(end(m));
            }
            case CreationContext c when c.creator() instanceof MultiarrayCreatorContext mc -> creation(c, mc);
            case BreakStatementContext b when jumpTarget(b, b.identifier()) != null -> {
                em.copyTo(start(b));
                gen("break $S" + stmts.get(jumpTarget(b, b.identifier())).id + ";", b);
                em.skipTo(end(b));
            }
            case ContinueStatementContext c when c.identifier() != null && jumpTarget(c, c.identifier()) != null -> {
                em.copyTo(start(c));
                gen("continue $K" + stmts.get(jumpTarget(c, c.identifier())).id + ";", c);
                em.skipTo(end(c));
            }
            case MethodDeclarationContext m when isMain(m) -> {
                hasMain = true;
                for (int i = 0; i < m.getChildCount(); i++) {
                    ParseTree ch = m.getChild(i);
                    if (ch == m.methodBody() && m.methodBody().block() != null) {
                        BlockContext b = m.methodBody().block();
                        emit(b.getChild(0));
                        gen(" " + sup + ".bind();", b);
                        for (int j = 1; j < b.getChildCount(); j++) emit(b.getChild(j));
                    } else emit(ch);
                }
            }
            case ClassDeclarationContext cd when cd.IMPLEMENTS() != null -> classDeclaration(cd);
            default -> emitChildren(t);
        }
    }

    /**
     * An element access of a multiarray with reference elements, when it is the target of a compound assignment or
     * ++/-- and its subscripts have no side effects (they are evaluated twice); else null.
     */
    private Attribution.Access objectUpdate(ExpressionContext target) {
        if (!(target instanceof ElementAccessContext e) || attr.access(e) == null) return null;
        Attribution.Access a = attr.access(e);
        if (a.array().type().primitive()) return null;
        for (Attribution.Subscript sub : a.subscripts()) if (sideEffects(sub.expr())) return null;
        return a;
    }

    private static boolean sideEffects(ParseTree t) {
        if (t instanceof AssignmentContext || t instanceof PostfixExpressionContext || t instanceof MethodCallContext
                || t instanceof UnqualifiedMethodCallContext || t instanceof CreationContext || t instanceof LambdaContext) return true;
        if (t instanceof PrefixExpressionContext p && (p.prefix.getType() == HPJavaParser.INC || p.prefix.getType() == HPJavaParser.DEC))
            return true;
        for (int i = 0; i < t.getChildCount(); i++) if (sideEffects(t.getChild(i))) return true;
        return false;
    }

    /**
     * {@code a[X] op= rhs}, {@code ++a[X]}, {@code a[X]++} on reference elements (stored in an Object[]): Java's
     * own expansion {@code d[X] = (E) ((E) d[X] op (rhs))}, cast to {@code E} where the value is used (a postfix
     * value is the new value minus one). {@code rhs} null: ++/-- (op + or -).
     */
    private void objectUpdate(ExpressionContext whole, Attribution.Access a, String op, ExpressionContext rhs) {
        String e = a.array().type().element();
        ParserRuleContext parent = whole.getParent();
        boolean statement = parent instanceof ExpressionStatementContext
                || parent instanceof ExpressionListContext && (parent.getParent() instanceof ForStatementContext
                        || parent.getParent() instanceof ForInitContext);
        boolean postfix = whole instanceof PostfixExpressionContext;
        em.copyTo(start(whole));
        gen(statement ? "" : postfix ? "((" + e + ") ((" + e + ") (" : "((" + e + ") (", whole);
        int from = em.length();
        em.skipTo(start(a.ctx()));
        access(a.ctx(), a);
        String lhs = em.text().substring(from).replace('\n', ' ');
        if (rhs == null) {
            gen(" = (" + e + ") ((" + e + ") " + lhs + " " + op + " 1)", whole);
            em.skipTo(end(whole));
            gen(statement ? "" : postfix ? ") " + (op.equals("+") ? "-" : "+") + " 1))" : "))", whole);
            return;
        }
        em.skipTo(start(rhs));
        gen(" = (" + e + ") ((" + e + ") " + lhs + " " + op + " (", rhs);
        emit(rhs);
        gen("))" + (statement ? "" : "))"), rhs);
        em.skipTo(end(whole));
    }

    /**
     * The overall a break or continue leaves, when it needs rewriting: an unlabeled break whose innermost enclosing
     * loop or switch is an overall (it must leave every segment, not just the current one), or a labeled break or
     * continue naming a labeled overall (continue must go to the element loop). Else null: Java's meaning is right.
     */
    private static OverallStatementContext jumpTarget(ParserRuleContext jump, IdentifierContext label) {
        for (ParseTree t = jump.getParent(); t != null; t = t.getParent()) {
            if (t instanceof LambdaContext || t instanceof ClassBodyContext) return null;
            if (label == null) {
                if (t instanceof ForStatementContext || t instanceof EnhancedForStatementContext || t instanceof WhileStatementContext
                        || t instanceof DoStatementContext || t instanceof SwitchStatementContext) return null;
                if (t instanceof OverallStatementContext o) return o;
            } else if (t instanceof LabeledStatementContext l && l.identifier().getText().equals(label.getText())) {
                // break L leaves the labeled block the overall becomes; continue L must name its element loop
                return jump instanceof ContinueStatementContext && l.statement() instanceof OverallStatementContext o ? o : null;
            }
        }
        return null;
    }

    private static int start(ParserRuleContext c) { return c.getStart().getStartIndex(); }

    private static int end(ParserRuleContext c) { return c.getStop().getStopIndex() + 1; }

    private void gen(String s, ParserRuleContext anchor) {
        em.gen(s, start(anchor));
    }

    private void compilationUnit(OrdinaryCompilationUnitContext cu) {
        String imports = " import hpjava.lang.*;" + (adlib ? " import hpjava.adlib.*;" : "") + ImportFixups.imports(cu); // compat
        usesMpi = ImportFixups.usesMpi(cu); // compat
        if (cu.packageDeclaration() != null) {
            packageName = cu.packageDeclaration().qualifiedName().getText();
            emit(cu.packageDeclaration());
            em.gen(imports, 0);
        } else {
            em.gen(imports.substring(1) + " ", 0);
        }
        for (int i = 0; i < cu.getChildCount(); i++)
            if (cu.getChild(i) != cu.packageDeclaration()) emit(cu.getChild(i));
    }

    private static boolean isMain(MethodDeclarationContext m) {
        if (!m.identifier().getText().equals("main") || m.formalParameters().formalParameter().size() != 1) return false;
        if (!(m.getParent().getParent() instanceof MemberContext mem)) return false;
        return mem.classModifier().stream().anyMatch(c -> c.STATIC() != null);
    }

    /** Drops the marker interface HPspmd (spec 2: accepted, no longer needed). */
    private void classDeclaration(ClassDeclarationContext cd) {
        for (int i = 0; i < cd.getChildCount(); i++) {
            ParseTree ch = cd.getChild(i);
            if (ch == cd.IMPLEMENTS()) continue;
            if (ch == cd.typeList(0)) {
                TypeListContext list = cd.typeList(0);
                List<TypeContext> kept = list.type().stream()
                        .filter(ty -> !ty.getText().equals("HPspmd") && !ty.getText().equals("hpjava.lang.HPspmd")).toList();
                em.copyTo(cd.IMPLEMENTS().getSymbol().getStartIndex());
                if (kept.isEmpty()) {
                    em.skipTo(end(list));
                } else {
                    gen("implements", list);
                    String sep = " ";
                    for (TypeContext ty : kept) {
                        gen(sep, ty);
                        em.skipTo(start(ty));
                        emit(ty);
                        sep = ", ";
                    }
                    em.skipTo(end(list));
                }
                continue;
            }
            emit(ch);
        }
    }

    /** The declarations every HPJava statement starts with: the context at a root, hoisted arrays, loop blocks. */
    private void prologue(Stmt s) {
        StringBuilder sb = new StringBuilder("{ ");
        if (s.isRoot()) {
            sb.append("final ProcessContext $c").append(s.id).append(" = ProcessContext.current(); ");
            for (Stmt n : s.nested) sb.append("Block $b").append(n.id).append(" = null; ");
        }
        for (Hoist h : s.hoists.values()) {
            MultiarrayType t = h.array().type();
            String a = h.base();
            sb.append("final ").append(t.primitive() ? t.element() : "Object").append("[] $d").append(h.id())
              .append(" = ").append(a).append(".dat(); final int $o").append(h.id()).append(" = ").append(a).append(".bas()");
            for (int r = 0; r < t.rank(); r++)
                sb.append(", $s").append(h.id()).append('_').append(r).append(" = ").append(a).append(".str(").append(r).append(')');
            sb.append("; ");
        }
        gen(sb.toString(), s.ctx);
    }

    private String ctx(Stmt s) {
        return "$c" + s.root.id;
    }

    private String checks(Stmt s) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> c : s.checks.entrySet()) {
            String[] p = c.getKey().split(":");
            String where = esc(c.getValue());
            if (p[0].equals("held")) {
                sb.append(sup).append(".held(").append(p[1]).append(".grp(), ").append(ctx(s)).append(", ")
                  .append(s.isOverall() ? "$b" + s.id + ".totalCount() > 0" : "true").append(", \"").append(where)
                  .append("\", \"").append(p[1]).append("\"); ");
            } else if (p[0].equals("aligned")) {
                sb.append(sup).append(".aligned($x").append(s.id).append(", ").append(p[1]).append(".rng(").append(p[2])
                  .append("), \"").append(where).append("\", \"").append(attr.index(s.ctx).name()).append("\", \"")
                  .append(p[1]).append("\", ").append(p[2]).append("); ");
            } else {
                sb.append(sup).append(".shift(").append(p[1]).append(".rng(").append(p[2]).append("), ").append(p[3])
                  .append(", \"").append(where).append("\"); ");
            }
        }
        return sb.toString();
    }

    private static String esc(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    private void overall(OverallStatementContext o) {
        Stmt s = stmts.get(o);
        int n = s.id;
        String c = ctx(s);
        setup(s, o);
        List<OverallStatementContext> chain = new ArrayList<>();   // the overalls fused into s, outermost first
        for (OverallStatementContext p = o, ch; (ch = fusedChild(stmts.get(p), p)) != null; p = ch) chain.add(ch);
        if (chain.isEmpty()) {
            gen(header(s) + loops(s, o), o);
            loopsBody(s, o);
            gen(" } finally { " + c + ".restoreApg($m" + n + "); } }", o);
            return;
        }
        // Fused nest: the set-ups of s and of each fused overall (each guarded by "the one around it has elements"),
        // then the loops. The source between them ("{", comments) only keeps its line breaks, so each set-up stays
        // on its overall's lines and s's loop header lands on the innermost fused overall's line.
        gen(header(s) + guard(s), o);
        for (int k = 0; k < chain.size(); k++) {
            OverallStatementContext ch = chain.get(k);
            Stmt in = stmts.get(ch);
            em.skipTo(start(ch));
            setup(in, ch);
            gen(header(in) + (k < chain.size() - 1 ? guard(in) : ""), ch);
        }
        fusedLoops(s, o, chain, 0);
        StringBuilder close = new StringBuilder();
        for (int k = chain.size() - 1; k >= 0; k--) // a fused overall's try and prologue, the guard around it
            close.append(" } finally { ").append(c).append(".restoreApg($m").append(stmts.get(chain.get(k)).id).append("); } } }");
        close.append(" } finally { ").append(c).append(".restoreApg($m").append(n).append("); } }");
        gen(close.toString(), o);
    }

    /** Opens the block run only when overall {@code s} has elements here. */
    private static String guard(Stmt s) {
        return "if ($b" + s.id + ".totalCount() > 0) { ";
    }

    /**
     * The loops of overall {@code s} whose set-up is emitted already: while {@code chain} (the overalls fused into the
     * outermost one) has an overall after the first {@code k}, that overall, the body of {@code s}, has its loops nest
     * directly in the element loop of {@code s} (no set-up between two iterations).
     */
    private void fusedLoops(Stmt s, OverallStatementContext o, List<OverallStatementContext> chain, int k) {
        if (k == chain.size()) {
            gen(loops(s, o), o);
            loopsBody(s, o);
            return;
        }
        OverallStatementContext child = chain.get(k);
        int n = s.id;
        // s has a nested construct, so its element loop is not versioned
        gen(loops(s, o) + "$K" + n + ": for (int $k" + n + " = 0; $k" + n + " < $n" + n + "; $k" + n + "++) { final int $i" + n
                + " = $sb" + n + " + $k" + n + " * $ss" + n + "; ", o);
        fusedLoops(stmts.get(child), child, chain, k + 1);
        em.skipTo(end(o.statement()));
        gen(" } }", o);
    }

    /** The overall that is the whole body of overall {@code o} (alone, or the only statement of a block), or null. */
    private static OverallStatementContext soleOverall(OverallStatementContext o) {
        StatementContext body = o.statement();
        if (body instanceof NestedBlockContext nb && nb.block().blockStatement().size() == 1
                && nb.block().blockStatement(0) instanceof PlainStatementContext ps) body = ps.statement();
        return body instanceof OverallStatementContext inner ? inner : null;
    }

    /**
     * Emits the prologue, range and bounds of overall {@code s} ({@code $xN}, {@code $lN}, {@code $uN}, {@code $tN}),
     * leaving the source position at the start of its body.
     */
    private void setup(Stmt s, OverallStatementContext o) {
        int n = s.id;
        em.copyTo(start(o));
        prologue(s);
        gen("final Range $x" + n + " = (", o.range);
        em.skipTo(start(o.range));
        emit(o.range);
        if (o.overallBounds() instanceof BoundedRangeContext b) {
            gen("); final int $l" + n + " = (", b.lower);
            em.skipTo(start(b.lower));
            emit(b.lower);
            gen("), $u" + n + " = (", b.upper);
            em.skipTo(start(b.upper));
            emit(b.upper);
            gen("), $t" + n + " = (", b);
            if (b.stride != null) {
                em.skipTo(start(b.stride));
                emit(b.stride);
            } else gen("1", b);
            gen("); ", b);
        } else {
            gen("); final int $l" + n + " = 0, $u" + n + " = $x" + n + ".size() - 1, $t" + n + " = 1; ", o.range);
        }
        em.skipTo(start(o.statement()));
    }

    /** The local block of overall {@code s}, its checks and its APG entry, opening the try of the restore. */
    private String header(Stmt s) {
        int n = s.id;
        String c = ctx(s);
        String bounds = "$l" + n + ", $u" + n + ", $t" + n;
        StringBuilder sb = new StringBuilder();
        if (s.isRoot()) sb.append("final Block $b").append(n).append(" = $x").append(n).append(".localBlock(").append(c).append(", ").append(bounds).append("); ");
        else sb.append("$b").append(n).append(" = $b").append(n).append(" == null ? $x").append(n).append(".localBlock(").append(c)
               .append(", ").append(bounds).append(") : $x").append(n).append(".block($x").append(n).append(".crd(").append(c)
               .append("), ").append(bounds).append(", $b").append(n).append("); ");
        sb.append(checks(s));
        sb.append("final int $m").append(n).append(" = ").append(c).append(".enterIndex($x").append(n).append("); try { ");
        return sb.toString();
    }

    /** The segment loop of overall {@code s} up to its element loop (emitted by {@link #loopsBody}). */
    private String loops(Stmt s, OverallStatementContext o) {
        int n = s.id;
        StringBuilder sb = new StringBuilder();
        sb.append("$S").append(n).append(": for (int $g").append(n).append(" = 0, $ns").append(n).append(" = $b").append(n).append(".segments(); $g").append(n)
          .append(" < $ns").append(n).append("; $g").append(n).append("++) { $b").append(n).append(".select($g").append(n).append("); ");
        sb.append("final int $n").append(n).append(" = $b").append(n).append(".count(), $gb").append(n).append(" = $b").append(n)
          .append(".glbBase(), $gs").append(n).append(" = $b").append(n).append(".glbStep(), $sb").append(n).append(" = $b").append(n)
          .append(".subBase(), $ss").append(n).append(" = $b").append(n).append(".subStep(); ");
        return sb.toString();
    }

    /** The element loop(s) of overall {@code s} with its body, and the closing of its segment loop. */
    private void loopsBody(Stmt s, OverallStatementContext o) {
        int n = s.id;
        String loop = "$K" + n + ": for (int $k" + n + " = 0; $k" + n + " < $n" + n + "; $k" + n + "++) { ";
        if (versioned(s, o.statement())) {
            // Element loop versioned on unit strides: the fast copy (the user's lines) has subscripts of constant
            // scale, which the JIT turns into bounds-check-free, unrolled, vectorizable loops; the general copy
            // (strided triplets, sections) follows on the body's last line.
            StringBuilder cond = new StringBuilder("$ss" + n + " == 1");
            for (String str : s.indexStrides) cond.append(" && ").append(str).append(" == 1");
            gen("if (" + cond + ") { " + loop + "final int $i" + n + " = $sb" + n + " + $k" + n + "; ", o);
            int bodyStart = em.pos();
            fastIndexes.add(s);
            emit(o.statement());
            fastIndexes.remove(s);
            int bodyEnd = em.pos();
            gen(" } } else { " + loop + "final int $i" + n + " = $sb" + n + " + $k" + n + " * $ss" + n + "; ", o);
            em.rewind(bodyStart);
            em.flat(true);
            emit(o.statement());
            em.flat(false);
            em.rewind(bodyEnd);
            gen(" } }", o);
        } else {
            gen(loop + "final int $i" + n + " = $sb" + n + " + $k" + n + " * $ss" + n + "; ", o);
            emit(o.statement());
            gen(" }", o);
        }
        gen(" }", o);
    }

    /**
     * Fusion of perfectly nested overalls: the overall that is the whole body of overall {@code s} (alone, or the only
     * statement of a block), when everything its set-up reads is the same in every iteration of {@code s}; else null.
     * Its range, bounds and the arrays its checks read must be literals and variables that {@code s} does not assign
     * (combined by arithmetic), and it must hoist no array of its own (those are assigned in {@code s}). Then its
     * set-up (block, checks, {@code enterIndex}: {@code APG / i / j} is the same for every {@code i}) runs once before
     * {@code s}'s loop, guarded by "s has elements", instead of once per iteration of {@code s}: between two rows the
     * loop holds no call, and the JIT compiles the element loop as it does a hand-written double loop (measured:
     * docs/BENCHMARKS.md, Jacobi). Nothing observable runs between the two places (each iteration of {@code s}
     * started with this set-up), so results, exceptions and failed checks are the same, and the set-up stays on the
     * inner overall's lines. A variable that is a field could be assigned by code the body calls, so with fields the
     * body must call nothing ({@link #callsNothing}).
     */
    private OverallStatementContext fusedChild(Stmt s, OverallStatementContext o) {
        OverallStatementContext inner = soleOverall(o);
        if (inner == null) return null;
        Stmt in = stmts.get(inner);
        if (!in.hoists.isEmpty()) return null;
        boolean[] fields = {false};
        List<ExpressionContext> read = new ArrayList<>(List.of(inner.range));
        if (inner.overallBounds() instanceof BoundedRangeContext b) {
            read.add(b.lower);
            read.add(b.upper);
            if (b.stride != null) read.add(b.stride);
        }
        for (ExpressionContext e : read) if (!invariant(e, s, fields)) return null;
        for (Symbol.Variable v : in.checkVars) {
            if (!outside(v, s)) return null;
            fields[0] |= v.isField();
        }
        return fields[0] && !callsNothing(o.statement()) ? null : inner;
    }

    /**
     * Whether {@code e} has the same value in every iteration of {@code s}: integer literals, and variables declared
     * outside {@code s} and not assigned in it, combined by parentheses, unary and binary arithmetic and field access.
     * Sets {@code fields[0]} when a field is read.
     */
    private boolean invariant(ExpressionContext e, Stmt s, boolean[] fields) {
        return switch (e) {
            case ParenthesizedContext p -> invariant(p.expression(), s, fields);
            case LiteralExpressionContext l -> l.literal().INTEGER_LITERAL() != null;
            case NameContext n -> attr.symbol(n) instanceof Symbol.Variable v && outside(v, s) && read(v.isField(), fields);
            case ThisExpressionContext t -> true;
            case FieldAccessContext f -> read(true, fields) && invariant(f.expression(), s, fields);
            case PrefixExpressionContext p -> (p.prefix.getType() == HPJavaParser.ADD || p.prefix.getType() == HPJavaParser.SUB)
                    && invariant(p.expression(), s, fields);
            case MultiplicativeContext m -> invariant(m.expression(0), s, fields) && invariant(m.expression(1), s, fields);
            case AdditiveContext a -> invariant(a.expression(0), s, fields) && invariant(a.expression(1), s, fields);
            default -> false;
        };
    }

    /** Notes a read of a field in {@code fields[0]} when {@code field}; true. */
    private static boolean read(boolean field, boolean[] fields) {
        fields[0] |= field;
        return true;
    }

    private static final Set<String> PRIMITIVES = Set.of("boolean", "byte", "char", "short", "int", "long", "float", "double");

    /** hpjava.lang classes whose objects' methods (toString in a string conversion) are the runtime's own code. */
    private static final Set<String> RUNTIME_TYPES = Set.of("Range", "BlockRange", "ExtBlockRange", "CyclicRange",
            "BlockCyclicRange", "IrregRange", "CollapsedRange", "Dimension", "Group", "Procs", "Procs0", "Procs1", "Procs2", "Procs3");

    /**
     * Whether running {@code t} can run no code of the program other than itself (so it cannot assign a field
     * elsewhere): no call, creation, lambda or class body, iteration over an Iterable, resource, pattern, switch, or
     * string conversion of a program object (no string literal; names only of primitive, multiarray and hpjava.lang
     * group and range types, elements only of primitive multiarrays, so {@code +} calls no toString of the program);
     * assignments only to local variables and multiarray elements. HPJava constructs call only the runtime.
     */
    private boolean callsNothing(ParseTree t) {
        if (t instanceof TerminalNode) return true;
        boolean ok = switch (t) {
            case MethodCallContext x -> false;
            case UnqualifiedMethodCallContext x -> false;
            case CreationContext x -> false;
            case QualifiedClassCreationContext x -> false;
            case SuperMemberContext x -> false;
            case QualifiedSuperMemberContext x -> false;
            case MethodReferenceContext x -> false;
            case TypeMethodReferenceContext x -> false;
            case SuperMethodReferenceContext x -> false;
            case QualifiedSuperMethodReferenceContext x -> false;
            case LambdaContext x -> false;
            case ClassBodyContext x -> false;
            case LocalClassDeclarationContext x -> false;
            case EnhancedForStatementContext x -> false;
            case TryWithResourcesStatementContext x -> false;
            case InstanceOfContext x -> false;
            case SwitchBlockContext x -> false;
            case LiteralContext l -> l.STRING_LITERAL() == null && l.TEXT_BLOCK() == null;
            case NameContext n -> switch (attr.symbol(n)) {
                case Symbol.Index i -> true;
                case Symbol.Variable v -> v.isMultiarray() || v.javaType() != null
                        && (PRIMITIVES.contains(v.javaType()) || RUNTIME_TYPES.contains(v.javaType()));
                case null, default -> false;
            };
            case ElementAccessContext e -> attr.access(e) != null && attr.access(e).array().type().primitive();
            case AssignmentContext a -> assignable(a.expression(0));
            case PostfixExpressionContext p -> assignable(p.expression());
            case PrefixExpressionContext p -> p.prefix.getType() != HPJavaParser.INC && p.prefix.getType() != HPJavaParser.DEC
                    || assignable(p.expression());
            default -> true;
        };
        if (!ok) return false;
        for (int i = 0; i < t.getChildCount(); i++) if (!callsNothing(t.getChild(i))) return false;
        return true;
    }

    /** A target that is a local variable or a multiarray element (assigning it changes no field). */
    private boolean assignable(ExpressionContext target) {
        return target instanceof ElementAccessContext e && attr.access(e) != null
                || target instanceof NameContext n && attr.symbol(n) instanceof Symbol.Variable v && !v.isField();
    }

    /** Whether the element loop of {@code s} gets a unit-stride copy: no nested construct, no text block. */
    private boolean versioned(Stmt s, ParserRuleContext body) {
        if (s.hasNested) return false;
        for (int i = body.getStart().getTokenIndex(); i <= body.getStop().getTokenIndex(); i++)
            if (unit.parse().tokens().get(i).getType() == HPJavaParser.TEXT_BLOCK) return false;
        return true;
    }

    private void at(AtStatementContext a) {
        Stmt s = stmts.get(a);
        int n = s.id;
        String c = ctx(s);
        em.copyTo(start(a));
        prologue(s);
        gen("final Range $x" + n + " = (", a.range);
        em.skipTo(start(a.range));
        emit(a.range);
        gen("); final int $l" + n + " = (", a.location);
        em.skipTo(start(a.location));
        emit(a.location);
        gen("); ", a);
        em.skipTo(start(a.statement()));
        gen("if ($x" + n + ".holds(" + c + ", $l" + n + ")) { final int $i" + n + " = $x" + n + ".localSubscript($l" + n + "); "
                + checks(s) + "final int $m" + n + " = " + c + ".enterIndex($x" + n + "); try { ", a);
        emit(a.statement());
        gen(" } finally { " + c + ".restoreApg($m" + n + "); } } }", a);
    }

    private void on(OnStatementContext o) {
        Stmt s = stmts.get(o);
        int n = s.id;
        String c = ctx(s);
        em.copyTo(start(o));
        prologue(s);
        gen("final Group $p" + n + " = (", o.group);
        em.skipTo(start(o.group));
        emit(o.group);
        gen("); ", o);
        em.skipTo(start(o.statement()));
        gen("if ($p" + n + ".isMember(" + c + ")) { final int $m" + n + " = " + c + ".pushApg($p" + n + "); try { ", o);
        emit(o.statement());
        gen(" } finally { " + c + ".restoreApg($m" + n + "); } } }", o);
    }

    private String globalIndex(Symbol.Index idx) {
        Stmt s = indexStmt.get(idx);
        int n = s.id;
        return s.isOverall() ? "$gb" + n + " + $k" + n + " * $gs" + n : "$l" + n;
    }

    private void access(ElementAccessContext e, Attribution.Access a) {
        Hoist h = accessHoist.get(e);
        MultiarrayType t = a.array().type();
        String name = a.base();
        String d = h != null ? "$d" + h.id() : name + ".dat()";
        String o = h != null ? "$o" + h.id() : name + ".bas()";
        boolean cast = !t.primitive() && !(e.getParent() instanceof AssignmentContext as && as.expression(0) == e)
                && !(e.getParent() instanceof PrefixExpressionContext || e.getParent() instanceof PostfixExpressionContext);
        em.copyTo(start(e));
        gen((cast ? "((" + t.element() + ") " : "") + d + "[" + o, e);
        for (int r = 0; r < t.rank(); r++) {
            Attribution.Subscript sub = a.subscripts().get(r);
            String str = h != null ? "$s" + h.id() + "_" + r : name + ".str(" + r + ")";
            if (sub instanceof Attribution.IndexSubscript is) {
                Stmt binder = indexStmt.get(is.index());
                int n = binder.id;
                if (h != null && fastIndexes.contains(binder)) str = "1"; // unit stride, checked before the loop
                gen(" + " + (str.equals("1") ? "" : str + " * ") + (is.shift() == 0 ? "$i" + n : "($i" + n + " + " + is.shift() + ")"), sub.expr());
                em.skipTo(end(sub.expr()));
            } else {
                gen(" + " + str + " * (", sub.expr());
                em.skipTo(start(sub.expr()));
                emit(sub.expr());
                gen(")", sub.expr());
            }
        }
        gen("]" + (cast ? ")" : ""), e);
        em.skipTo(end(e));
    }

    private void section(SectionContext s) {
        MultiarrayType t = attr.typeOf(s.array);
        em.copyTo(start(s));
        gen("(", s);
        emit(s.array);
        if (t == null) {
            TripletSubscriptContext tr = (TripletSubscriptContext) s.sectionSubscript(0);
            if (tr.lower == null) {
                gen(")", s);
            } else {
                gen(").subrange(", tr);
                triplet(tr);
                gen(")", s);
            }
            em.skipTo(end(s));
            return;
        }
        gen(").section(", s);
        String sep = "";
        for (SectionSubscriptContext ss : s.sectionSubscript()) {
            gen(sep, ss);
            sep = ", ";
            if (ss instanceof ScalarSubscriptContext sc) {
                gen("Triplet.scalar(", ss);
                if (sc.expression() instanceof NameContext n && attr.symbol(n) instanceof Symbol.Index idx) {
                    gen(globalIndex(idx), ss);
                } else if (Locations.location(sc.expression(), attr) instanceof ElementAccessContext loc) { // compat
                    em.skipTo(start(loc.subscripts.get(0)));
                    emit(loc.subscripts.get(0));
                } else {
                    em.skipTo(start(sc.expression()));
                    emit(sc.expression());
                }
                gen(")", ss);
            } else if (ss instanceof SplitSubscriptContext) {
                gen("Triplet.split()", ss); // compat: dimension splitting
            } else {
                TripletSubscriptContext tr = (TripletSubscriptContext) ss;
                if (tr.lower == null) gen("Triplet.all()", ss);
                else {
                    gen("Triplet.of(", ss);
                    triplet(tr);
                    gen(")", ss);
                }
            }
            em.skipTo(end(ss));
        }
        gen(")", s);
        em.skipTo(end(s));
    }

    /** compat: {@code p / x[n]} (a location outside at) to {@code (p).restrict(x, n)}. */
    private void restrictToLocation(MultiplicativeContext m) {
        ElementAccessContext loc = Locations.restriction(m, attr);
        em.copyTo(start(m));
        gen("(", m);
        emit(m.expression(0));
        gen(").restrict(" + loc.array.getText() + ", ", m);
        em.skipTo(start(loc.subscripts.get(0)));
        emit(loc.subscripts.get(0));
        gen(")", m);
        em.skipTo(end(m));
    }

    private void triplet(TripletSubscriptContext tr) {
        em.skipTo(start(tr.lower));
        emit(tr.lower);
        gen(", ", tr.upper);
        em.skipTo(start(tr.upper));
        emit(tr.upper);
        if (tr.stride != null) {
            gen(", ", tr.stride);
            em.skipTo(start(tr.stride));
            emit(tr.stride);
        }
        em.skipTo(end(tr));
    }

    private void creation(CreationContext c, MultiarrayCreatorContext mc) {
        MultiarrayType t = attr.typeOf(c);
        MultiarrayCreatorRestContext rest = mc.multiarrayCreatorRest();
        em.copyTo(start(c));
        String cls = t.primitive() ? t.javaClass() : "ObjectMultiarray<" + t.element() + ">";
        gen("new " + cls + "(", c);
        int a = em.length();
        String sep = "";
        if (rest.expressionList() != null) {
            for (ExpressionContext e : rest.expressionList().expression()) {
                gen(sep + sup + ".range(", e);
                sep = ", ";
                em.skipTo(start(e));
                emit(e);
                gen(")", e);
            }
        }
        if (rest.group != null) {
            int b = em.length();
            em.skipTo(start(rest.group));
            gen("(Group) (", rest.group);
            emit(rest.group);
            gen(")", rest.group);
            int end = em.length();
            em.swap(a, b, end, b > a ? ", " : "");
        } else if (rest.expressionList() == null) {
            gen("(Group) null", c);
        }
        gen(")", c);
        em.skipTo(end(c));
    }

    private String supportClass() {
        return "\nfinal class " + sup + " {\n"
                + "    private " + sup + "() { }\n"
                + "    static Range range(Range r) { return r; }\n"
                + "    static Range range(int n) { return new CollapsedRange(n); }\n"
                + "    /** Binds this rank's ProcessContext to the thread running main, unless the launcher already did. */\n"
                + "    static void bind() {\n"
                + (usesMpi ? "        hpjava.lang.MpiAccess.require(\"" + unit.fileName() + "\");\n" : "") // compat
                + "        hpjava.mpjdev.RankContext r = hpjava.mpjdev.RankContext.find().orElse(null);\n"
                + "        int id = r == null ? 0 : r.rank(), size = r == null ? 1 : r.world().size();\n"
                + "        ProcessContext c = ProcessContext.currentOrNull();\n"
                + "        if (c != null && c.id() == id && c.size() == size) return;\n"
                + "        ProcessContext.create(id, size).bind();\n"
                + "    }\n"
                + "    static void aligned(Range x, Range r, String where, String index, String array, int dim) {\n"
                + "        if (!x.alignedWith(r)) throw new IllegalStateException(where + \": index '\" + index + \"' ranges over \" + x\n"
                + "                + \", which is not aligned with dimension \" + dim + \" of '\" + array + \"' (\" + r + \"): the element is not held here\");\n"
                + "    }\n"
                + "    static void held(Group g, ProcessContext c, boolean used, String where, String array) {\n"
                + "        if (used && !g.isMember(c)) throw new IllegalStateException(where + \": '\" + array + \"' is distributed over \" + g\n"
                + "                + \", which does not include this process (rank \" + c.id() + \"): its elements are not held here; restrict the APG with on\");\n"
                + "    }\n"
                + "    static void shift(Range r, int k, String where) {\n"
                + "        if (r.isDistributed() && (k < 0 ? r.loExtension() < -k : r.hiExtension() < k))\n"
                + "            throw new IllegalStateException(where + \": shift \" + k + \" exceeds the ghost width (lo \" + r.loExtension()\n"
                + "                + \", hi \" + r.hiExtension() + \") of range \" + r);\n"
                + "    }\n"
                + "}\n";
    }
}

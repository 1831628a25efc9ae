package hpjava.compiler.lower;

import static hpjava.compiler.lower.Gen.*;
import static hpjava.compiler.lower.Lowerer.end;
import static hpjava.compiler.lower.Lowerer.start;

import java.util.List;
import java.util.Map;

import org.antlr.v4.runtime.ParserRuleContext;

import hpjava.compiler.attribute.MultiarrayType;
import hpjava.grammar.HPJavaParser;
import hpjava.grammar.HPJavaParser.*;

/**
 * Statement lowering: {@code overall} (set-up, fused nests, segment and element loops, the unit-stride version of
 * the element loop), {@code at} and {@code on}. Every construct becomes one block on its own lines: the declarations
 * of {@link #prologue}, the set-up on the construct's first line, the body copied in place, the closing on its last.
 */
final class StatementLowering {
    private final Lowerer l;
    private final Plan plan;
    private final Emitter em;
    private final Fusion fusion;

    StatementLowering(Lowerer l) {
        this.l = l;
        this.plan = l.plan;
        this.em = l.em;
        this.fusion = new Fusion(plan);
    }

    /** The declarations every HPJava statement starts with: the context at a root, hoisted arrays, loop blocks. */
    private void prologue(Plan.Stmt s) {
        StringBuilder sb = new StringBuilder("{ ");
        if (s.isRoot()) {
            sb.append("final ").append(RuntimeApi.PROCESS_CONTEXT).append(' ').append(CONTEXT.of(s.id)).append(" = ")
              .append(RuntimeApi.currentContext()).append("; ");
            for (Plan.Stmt n : s.nested) {
                sb.append(RuntimeApi.BLOCK).append(' ').append(BLOCK.of(n.id)).append(" = null; ");
                if (fusion.setUpPerIteration((OverallStatementContext) n.ctx))
                    sb.append("final ").append(RuntimeApi.BLOCK_CACHE).append(' ').append(BLOCK_CACHE.of(n.id)).append(" = ")
                      .append(RuntimeApi.newBlockCache()).append("; ");
            }
        }
        for (Plan.Hoist h : s.hoists.values()) {
            MultiarrayType t = h.array().type();
            String a = h.base();
            sb.append("final ").append(t.primitive() ? t.element() : "Object").append("[] ").append(DATA.of(h.id()))
              .append(" = ").append(RuntimeApi.dat(a)).append("; final int ").append(BASE.of(h.id())).append(" = ").append(RuntimeApi.bas(a));
            for (int r = 0; r < t.rank(); r++) sb.append(", ").append(STRIDE.of(h.id(), r)).append(" = ").append(RuntimeApi.str(a, r));
            sb.append("; ");
        }
        l.gen(sb.toString(), s.ctx);
    }

    private static String ctx(Plan.Stmt s) {
        return CONTEXT.of(s.root.id);
    }

    /** The checks {@code s} makes once before its loop. */
    private String checks(Plan.Stmt s) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<RuntimeCheck, String> c : s.checks.entrySet()) {
            String where = '"' + esc(c.getValue()) + '"', array = '"' + c.getKey().array() + '"';
            String call = switch (c.getKey()) {
                case RuntimeCheck.Held h -> RuntimeApi.held(RuntimeApi.grp(h.array()), ctx(s),
                        s.isOverall() ? RuntimeApi.totalCount(BLOCK.of(s.id)) + " > 0" : "true", where, array);
                case RuntimeCheck.Aligned a -> RuntimeApi.aligned(RANGE.of(s.id), RuntimeApi.rng(a.array(), a.dim()), where,
                        '"' + plan.attr.index(s.ctx).name() + '"', array, a.dim());
                case RuntimeCheck.Shift sh -> RuntimeApi.shift(RuntimeApi.rng(sh.array(), sh.dim()), sh.shift(), where);
            };
            sb.append(call).append("; ");
        }
        return sb.toString();
    }

    private static String esc(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    private String restore(Plan.Stmt s) {
        if (entersOnce(s)) return " } }"; // the enclosing overall's finally pops the entry
        return " } finally { " + RuntimeApi.restoreApg(ctx(s), MARK.of(s.id)) + "; } }";
    }

    /** Whether overall {@code s} enters its index once per execution of the overall around it ({@link Fusion#entersOnce}). */
    private boolean entersOnce(Plan.Stmt s) {
        return !s.isRoot() && s.ctx instanceof OverallStatementContext o && fusion.entersOnce(o);
    }

    /**
     * {@code int $mN = 0; } for the nested overall N that {@link #entersOnce enters once} in the loop of {@code s}
     * (0: not entered yet; a mark is at least 1), else "".
     */
    private String onceMark(Plan.Stmt s) {
        OverallStatementContext inner = s.ctx instanceof OverallStatementContext o ? Fusion.soleOverall(o) : null;
        return inner != null && entersOnce(plan.stmt(inner)) ? "int " + MARK.of(plan.stmt(inner).id) + " = 0; " : "";
    }

    /**
     * An overall: in place, or (outlined, see {@link Outlining}) as the body of a lambda run at once, or inside the
     * method {@code $run} of a local class declared in place and called right after it, on the overall's last line.
     */
    void overall(OverallStatementContext o) {
        Outlining.Outline outline = plan.outline(o);
        if (outline == null) {
            inPlace(o);
            return;
        }
        em.copyTo(start(o));
        if (outline.lambda()) {
            List<String> thrown = new java.util.ArrayList<>(outline.thrown());
            while (thrown.size() < 2) thrown.add("RuntimeException");
            l.gen("{ " + RuntimeApi.runOpen(thrown.get(0), thrown.get(1)) + "() -> { ", o);
            inPlace(o);
            l.gen(" }); }", o);
            return;
        }
        String cls = OUTLINED.of(outline.id());
        l.gen("{ final class " + cls + " { " + (outline.isStatic() ? "static " : "") + outline.resultType() + " " + RUN + "("
                + String.join(", ", outline.parameterDeclarations()) + ")" + outline.throwsClause() + " { ", o);
        inPlace(o);
        String call = (outline.isStatic() ? cls : "new " + cls + "()") + "." + RUN + "(" + String.join(", ", outline.arguments()) + ")";
        l.gen(outline.result() == null ? " } } " + call + "; }"
                : " return " + outline.result().name() + "; } } " + outline.result().name() + " = " + call + "; }", o);
    }

    private void inPlace(OverallStatementContext o) {
        Overlap.Site site = l.overlaps.rootAt(o);
        if (site == null) {
            inPlaceOnce(o);
            return;
        }
        // the nest in parts around the exchange: part 0 (the interior) while it is in flight, the strips after
        em.copyTo(start(o));
        int n = plan.stmt(o).id;
        StringBuilder sb = new StringBuilder("{ ");
        for (int q = 0; q < site.dims().size(); q++) {
            Overlap.Dim d = site.dims().get(q);
            String rng = RuntimeApi.rng(site.array(), d.dim()), c = RuntimeApi.currentContext(), loop = d.level().range.getText();
            sb.append(q == 0 ? "final int " : ", ").append(INTERIOR_LOW.of(n, q)).append(" = ").append(RuntimeApi.interiorLow(rng, loop, c, d.minShift()))
              .append(", ").append(INTERIOR_HIGH.of(n, q)).append(" = ")
              .append(RuntimeApi.interiorHigh(rng, loop, c, d.minShift(), d.maxShift()));
        }
        String part = PART.of(n);
        sb.append("; for (int ").append(part).append(" = 0; ").append(part).append(" < ").append(RuntimeApi.partCount(site.dims().size()))
          .append("; ").append(part).append("++) { if (").append(part).append(" == 1) ").append(RuntimeApi.writeHaloComplete(site.array())).append("; ");
        l.gen(sb.toString(), o);
        inPlaceOnce(o);
        l.gen(" } }", o);
    }

    /**
     * The bounds of overall {@code o} as its set-up declares them: the triplet's, or in a nest run in parts
     * ({@link Overlap}) the triplet's restricted to the current part when {@code o} is one of its restricted levels.
     */
    private void bounds(Plan.Stmt s, OverallStatementContext o) {
        int n = s.id;
        Overlap.Site site = l.overlaps.levelAt(o);
        int q = site == null ? -1 : site.role(o);
        String part = q < 0 ? null : PART.of(plan.stmt(site.root()).id);
        String lo = q < 0 ? null : INTERIOR_LOW.of(plan.stmt(site.root()).id, q), hi = q < 0 ? null : INTERIOR_HIGH.of(plan.stmt(site.root()).id, q);
        if (o.overallBounds() instanceof BoundedRangeContext b) {
            l.gen("); final int " + LOWER.of(n) + " = " + (q < 0 ? "" : RuntimeApi.partLowerOpen(part, q)) + "(", b.lower);
            em.skipTo(start(b.lower));
            l.emit(b.lower);
            l.gen(")" + (q < 0 ? "" : ", " + constantStep(o) + ", " + lo + ", " + hi + ")") + ", " + UPPER.of(n) + " = "
                    + (q < 0 ? "" : RuntimeApi.partUpperOpen(part, q)) + "(", b.upper);
            em.skipTo(start(b.upper));
            l.emit(b.upper);
            l.gen(")" + (q < 0 ? "" : ", " + lo + ", " + hi + ")") + ", " + STEP.of(n) + " = (", b);
            if (b.stride != null) {
                em.skipTo(start(b.stride));
                l.emit(b.stride);
            } else l.gen("1", b);
            l.gen("); ", b);
        } else if (q < 0) {
            l.gen("); final int " + LOWER.of(n) + " = 0, " + UPPER.of(n) + " = " + RuntimeApi.size(RANGE.of(n)) + " - 1, "
                    + STEP.of(n) + " = 1; ", o.range);
        } else {
            l.gen("); final int " + LOWER.of(n) + " = " + RuntimeApi.partLowerOpen(part, q) + "0, 1, " + lo + ", " + hi + "), "
                    + UPPER.of(n) + " = " + RuntimeApi.partUpperOpen(part, q) + RuntimeApi.size(RANGE.of(n)) + " - 1, " + lo + ", " + hi
                    + "), " + STEP.of(n) + " = 1; ", o.range);
        }
    }

    private void inPlaceOnce(OverallStatementContext o) {
        Plan.Stmt s = plan.stmt(o);
        setup(s, o);
        List<OverallStatementContext> chain = fusion.chain(o);
        if (chain.isEmpty()) {
            l.gen(header(s, fusion.setUpPerIteration(o)) + loops(s), o);
            loopsBody(s, o);
            l.gen(restore(s), o);
            return;
        }
        // Fused nest: the set-ups of s and of each fused overall (each guarded by "the one around it has elements"),
        // then the loops. The source between them ("{", comments) only keeps its line breaks, so each set-up stays
        // on its overall's lines and s's loop header lands on the innermost fused overall's line.
        l.gen(header(s, fusion.setUpPerIteration(o)) + guard(s), o);
        for (int k = 0; k < chain.size(); k++) {
            OverallStatementContext ch = chain.get(k);
            Plan.Stmt in = plan.stmt(ch);
            em.skipTo(start(ch));
            setup(in, ch);
            l.gen(header(in, false) + (k < chain.size() - 1 ? guard(in) : ""), ch);
        }
        fusedLoops(s, o, chain, 0);
        StringBuilder close = new StringBuilder();
        for (int k = chain.size() - 1; k >= 0; k--) // a fused overall's try and prologue, the guard around it
            close.append(restore(plan.stmt(chain.get(k)))).append(" }");
        close.append(restore(s));
        l.gen(close.toString(), o);
    }

    /** Opens the block run only when overall {@code s} has elements here. */
    private static String guard(Plan.Stmt s) {
        return "if (" + RuntimeApi.totalCount(BLOCK.of(s.id)) + " > 0) { ";
    }

    /**
     * The loops of overall {@code s} whose set-up is emitted already: while {@code chain} (the overalls fused into the
     * outermost one) has an overall after the first {@code k}, that overall, the body of {@code s}, has its loops nest
     * directly in the element loop of {@code s} (no set-up between two iterations).
     */
    private void fusedLoops(Plan.Stmt s, OverallStatementContext o, List<OverallStatementContext> chain, int k) {
        if (k == chain.size()) {
            l.gen(loops(s), o);
            loopsBody(s, o);
            return;
        }
        OverallStatementContext child = chain.get(k);
        // s has a nested construct, so its element loop is not versioned
        l.gen(loops(s) + elementLoop(s) + subscript(s), o);
        fusedLoops(plan.stmt(child), child, chain, k + 1);
        em.skipTo(end(o.statement()));
        l.gen(" } }", o);
    }

    /**
     * Emits the prologue, range and bounds of overall {@code s} ({@code $xN}, {@code $lN}, {@code $uN}, {@code $tN}),
     * leaving the source position at the start of its body.
     */
    private void setup(Plan.Stmt s, OverallStatementContext o) {
        int n = s.id;
        em.copyTo(start(o));
        prologue(s);
        l.gen("final " + RuntimeApi.RANGE + " " + RANGE.of(n) + " = (", o.range);
        em.skipTo(start(o.range));
        l.emit(o.range);
        bounds(s, o);
        em.skipTo(start(o.statement()));
    }

    /**
     * The local block of overall {@code s}, its checks and its APG entry, opening the try of the restore. A nested
     * overall whose set-up runs once per iteration of the overall around it ({@code perIteration}: in the body of
     * another overall and not fused into it; {@link Fusion#setUpPerIteration}) takes
     * its block from its cache {@code $bcN}: red-black's rows alternate between two bounds triples, and a hit costs
     * a few compares instead of the block's computation (docs/benchmarks/HISTORY.md, "the inner overall's blocks once").
     */
    private String header(Plan.Stmt s, boolean perIteration) {
        int n = s.id;
        String c = ctx(s), b = BLOCK.of(n), x = RANGE.of(n);
        String bounds = LOWER.of(n) + ", " + UPPER.of(n) + ", " + STEP.of(n);
        StringBuilder sb = new StringBuilder();
        if (s.isRoot()) sb.append("final ").append(RuntimeApi.BLOCK).append(' ').append(b).append(" = ").append(RuntimeApi.localBlock(x, c, bounds)).append("; ");
        else if (perIteration) sb.append(b).append(" = ").append(RuntimeApi.cachedBlock(BLOCK_CACHE.of(n), x, c, bounds)).append("; ");
        else sb.append(b).append(" = ").append(b).append(" == null ? ").append(RuntimeApi.localBlock(x, c, bounds))
               .append(" : ").append(RuntimeApi.block(x, c, bounds, b)).append("; ");
        sb.append(checks(s));
        if (entersOnce(s))
            sb.append("if (").append(MARK.of(n)).append(" == 0) ").append(MARK.of(n)).append(" = ").append(RuntimeApi.enterIndex(c, x)).append("; { ");
        else sb.append("final int ").append(MARK.of(n)).append(" = ").append(RuntimeApi.enterIndex(c, x)).append("; try { ");
        return sb.append(onceMark(s)).toString();
    }

    /** The segment loop of overall {@code s} up to its element loop (emitted by {@link #loopsBody}). */
    private static String loops(Plan.Stmt s) {
        int n = s.id;
        String b = BLOCK.of(n), g = SEGMENT.of(n), ns = SEGMENTS.of(n);
        return SEGMENT_LOOP.of(n) + ": for (int " + g + " = 0, " + ns + " = " + RuntimeApi.segments(b) + "; " + g + " < " + ns
                + "; " + g + "++) { " + RuntimeApi.select(b, g) + "; "
                + "final int " + COUNT.of(n) + " = " + RuntimeApi.count(b) + ", " + GLOBAL_BASE.of(n) + " = " + RuntimeApi.glbBase(b)
                + ", " + GLOBAL_STEP.of(n) + " = " + RuntimeApi.glbStep(b) + ", " + SUB_BASE.of(n) + " = " + RuntimeApi.subBase(b)
                + ", " + SUB_STEP.of(n) + " = " + RuntimeApi.subStep(b) + "; ";
    }

    /** The element loop of overall {@code s}, opened: {@code $KN: for (int $kN = 0; $kN < $nN; $kN++)} and its brace. */
    private static String elementLoop(Plan.Stmt s) {
        return elementLoop(s, "0");
    }

    /** {@link #elementLoop(Plan.Stmt)} from element {@code first} (after the vector loop: its tail). */
    private static String elementLoop(Plan.Stmt s, String first) {
        String k = ELEMENT.of(s.id);
        return ELEMENT_LOOP.of(s.id) + ": for (int " + k + " = " + first + "; " + k + " < " + COUNT.of(s.id) + "; " + k + "++) { ";
    }

    /**
     * The declaration of the local subscript {@code $iN = $sbN + $kN * $ssN} of the current element,
     * and of the user's index name holding its global index, for debuggers ({@link #visibleIndex}).
     */
    private String subscript(Plan.Stmt s) {
        return subscript(s, " * " + SUB_STEP.of(s.id));
    }

    /** {@link #subscript(Plan.Stmt)} with the factor {@code scale} of the counter ("": 1) instead of {@code $ssN}. */
    private String subscript(Plan.Stmt s, String scale) {
        int n = s.id;
        return "final int " + SUBSCRIPT.of(n) + " = " + SUB_BASE.of(n) + " + " + ELEMENT.of(n) + scale + "; "
                + visibleIndex(s, GLOBAL_BASE.of(n) + " + " + ELEMENT.of(n) + " * " + GLOBAL_STEP.of(n));
    }

    /**
     * {@code final int i = <global index>; }: the index the user wrote, under its own name, so that a debugger
     * stopped in the body shows {@code i} as the value of {@code i`}. The generated code never reads it
     * (the JIT drops it; ECJ keeps it with -preserveAllLocals). Omitted when a local or parameter of the same name
     * is declared in the enclosing method or lambda (the declaration would clash or be shadowed).
     */
    private String visibleIndex(Plan.Stmt s, String globalIndex) {
        String name = plan.attr.index(s.ctx).name();
        ParserRuleContext body = s.ctx;
        while (body.getParent() != null && !(body instanceof MethodDeclarationContext || body instanceof ConstructorDeclarationContext
                || body instanceof CompactConstructorDeclarationContext || body instanceof LambdaContext || body instanceof InitializerContext))
            body = body.getParent();
        int from = body.getStart().getTokenIndex(), to = body.getStop().getTokenIndex();
        for (var v : plan.attr.variables()) {
            if (v.isField() || !v.name().equals(name) || v.declaration() == null) continue;
            int at = v.declaration().getTokenIndex();
            if (at >= from && at <= to) return "";
        }
        return "final int " + name + " = " + globalIndex + "; ";
    }

    /** The element loop(s) of overall {@code s} with its body, and the closing of its segment loop. */
    private void loopsBody(Plan.Stmt s, OverallStatementContext o) {
        int n = s.id;
        if (versioned(s, o.statement())) {
            // Element loop versioned on constant scales: in the fast copy (the user's lines) the local subscript
            // steps by the overall's constant step (1 when the triplet's step is not a constant) and the arrays it
            // subscripts have unit stride in that slot, so every element's offset is the counter times a constant
            // plus a loop invariant, which the JIT turns into bounds-check-free, unrolled (at step 1 vectorizable)
            // loops. With the scale in variables it cannot (measured: docs/benchmarks/HISTORY.md, "np 1: generated code
            // against plain Java and gcc"). The general copy (other distributions' steps, strided sections)
            // follows on the body's last line. At step 1 (and at step 2, red-black) a qualifying body first runs
            // its whole vectors (Vectorizer; C2 does not vectorize stencils itself), the scalar fast copy doing the tail.
            int step = constantStep(o);
            StringBuilder cond = new StringBuilder(SUB_STEP.of(n) + " == " + step);
            for (String str : s.indexStrides) cond.append(" && ").append(str).append(" == 1");
            String scale = step == 1 ? "" : " * " + (step < 0 ? "(" + step + ")" : step);
            Vectorizer.Form vector = l.vector ? Vectorizer.of(plan, s, o.statement(), step) : null;
            String fast = vector == null ? elementLoop(s)
                    : VectorCode.declaration(vector, s) + VectorCode.call(vector, plan, s) + elementLoop(s, VECTOR_START.of(n));
            l.gen("if (" + cond + ") { " + fast + subscript(s, scale), o);
            int bodyStart = em.pos();
            l.withUnitStride(s, () -> l.emit(o.statement()));
            int bodyEnd = em.pos();
            l.gen(" } } else { " + elementLoop(s) + subscript(s), o);
            em.rewind(bodyStart);
            em.flat(true);
            l.emit(o.statement());
            em.flat(false);
            em.rewind(bodyEnd);
            l.gen(" } }", o);
        } else {
            l.gen(elementLoop(s) + subscript(s), o);
            l.emit(o.statement());
            l.gen(" }", o);
        }
        l.gen(" }", o);
    }

    /**
     * The step of overall {@code o}'s triplet when it is an integer constant other than 0 (a decimal literal,
     * possibly negated or parenthesized), else 1: the subscript step its fast copy is versioned on. A block
     * distribution's local subscripts step by the triplet's step.
     */
    static int constantStep(OverallStatementContext o) {
        if (!(o.overallBounds() instanceof BoundedRangeContext b) || b.stride == null) return 1;
        Long v = decimalConstant(b.stride);
        return v == null || v == 0 || v != v.intValue() ? 1 : v.intValue();
    }

    private static Long decimalConstant(ExpressionContext e) {
        return switch (e) {
            case ParenthesizedContext p -> decimalConstant(p.expression());
            case PrefixExpressionContext p when p.prefix.getType() == HPJavaParser.SUB || p.prefix.getType() == HPJavaParser.ADD -> {
                Long v = decimalConstant(p.expression());
                yield v == null ? null : p.prefix.getType() == HPJavaParser.SUB ? -v : v;
            }
            case LiteralExpressionContext l when l.literal().INTEGER_LITERAL() != null
                    && l.getText().matches("[1-9][0-9_]{0,9}|0") -> Long.parseLong(l.getText().replace("_", ""));
            default -> null;
        };
    }

    /** Whether the element loop of {@code s} gets a constant-scale copy: no nested construct, no text block. */
    private boolean versioned(Plan.Stmt s, ParserRuleContext body) {
        if (s.hasNested) return false;
        for (int i = body.getStart().getTokenIndex(); i <= body.getStop().getTokenIndex(); i++)
            if (plan.unit.parse().tokens().get(i).getType() == HPJavaParser.TEXT_BLOCK) return false;
        return true;
    }

    void at(AtStatementContext a) {
        Plan.Stmt s = plan.stmt(a);
        int n = s.id;
        String c = ctx(s), x = RANGE.of(n), loc = LOWER.of(n);
        em.copyTo(start(a));
        prologue(s);
        l.gen("final " + RuntimeApi.RANGE + " " + x + " = (", a.range);
        em.skipTo(start(a.range));
        l.emit(a.range);
        l.gen("); final int " + loc + " = (", a.location);
        em.skipTo(start(a.location));
        l.emit(a.location);
        l.gen("); ", a);
        em.skipTo(start(a.statement()));
        l.gen("if (" + RuntimeApi.holds(x, c, loc) + ") { final int " + SUBSCRIPT.of(n) + " = " + RuntimeApi.localSubscript(x, loc) + "; "
                + visibleIndex(s, loc) + checks(s) + "final int " + MARK.of(n) + " = " + RuntimeApi.enterIndex(c, x) + "; try { ", a);
        l.emit(a.statement());
        l.gen(restore(s) + " }", a);
    }

    void on(OnStatementContext o) {
        Plan.Stmt s = plan.stmt(o);
        int n = s.id;
        String c = ctx(s), p = GROUP.of(n);
        em.copyTo(start(o));
        prologue(s);
        l.gen("final " + RuntimeApi.GROUP + " " + p + " = (", o.group);
        em.skipTo(start(o.group));
        l.emit(o.group);
        l.gen("); ", o);
        em.skipTo(start(o.statement()));
        l.gen("if (" + RuntimeApi.isMember(p, c) + ") { final int " + MARK.of(n) + " = " + RuntimeApi.pushApg(c, p) + "; try { ", o);
        l.emit(o.statement());
        l.gen(restore(s) + " }", o);
    }
}

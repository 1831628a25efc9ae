package hpjava.compiler.lower;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;

import hpjava.compiler.attribute.Attribution;
import hpjava.compiler.attribute.Symbol;
import hpjava.compiler.tree.JavaTrees;
import hpjava.grammar.HPJavaParser.*;

/**
 * Where the lowering overlaps a ghost exchange with computation (translator/README.md, "Communication overlap"): a
 * statement {@code Adlib.writeHalo(a);} followed in its block (after statements that touch no multiarray and call
 * nothing but {@code System.nanoTime()}/{@code currentTimeMillis()}) by a perfect nest of {@code overall}s that reads
 * {@code a} at shifted subscripts. The statement becomes {@code Adlib.writeHaloStart(a)}; the nest runs its interior
 * part, then {@code Adlib.writeHaloComplete(a)}, then its boundary strips ({@code hpjava.lang.OverlapParts}).
 *
 * <p>Only when provably legal, so that results are bit for bit those of the blocking form: the nest is the only
 * code between start and complete and reads no ghost of {@code a} in its interior part; each iteration reads
 * nothing another iteration writes, so running the parts in turn (each in source order) equals one run in source
 * order: every multiarray written is written at the unshifted indices of the nest and read there only, and the only
 * variables assigned are declared in the body. {@code a} itself may be written only by red-black sweeps: two
 * overalls, the inner one of step 2 from {@code C + (i` + X) % 2}, and every shifted read of {@code a} shifted by an
 * odd total, so it reads the other colour. Every multiarray the body touches is a local variable initialized by
 * {@code new} and never assigned again, so no two of them alias. The body calls nothing but {@code Math} and
 * {@code StrictMath} methods and leaves the nest only by its end. Triplet steps are positive constants.
 */
final class Overlap {

    /** A restricted dimension: slot {@code dim} of the array, subscripted by the index of {@code level}. */
    record Dim(int dim, OverallStatementContext level, int minShift, int maxShift) {}

    /** One overlapped exchange: the array's name, the start statement, the nest and its restricted dimensions. */
    record Site(String array, ExpressionStatementContext start, OverallStatementContext root, List<Dim> dims) {
        /** The restricted dimension number {@code q} of overall {@code o}, or -1 (its bounds stay). */
        int role(OverallStatementContext o) {
            for (int q = 0; q < dims.size(); q++) if (dims.get(q).level() == o) return q;
            return -1;
        }
    }

    private final Map<ParserRuleContext, Site> sites = new IdentityHashMap<>();
    private final Map<OverallStatementContext, Site> byLevel = new IdentityHashMap<>();

    /** No overlap anywhere ({@code --no-overlap}, or no Adlib on the class path). */
    static Overlap none() {
        return new Overlap();
    }

    /** The overlaps of a unit. */
    static Overlap of(ParseTree tree, Attribution attr, Plan plan) {
        Overlap o = new Overlap();
        JavaTrees.scan(tree, t -> {
            if (t instanceof BlockContext b) o.block(b, attr, plan);
            return true;
        });
        return o;
    }

    /** The site whose start statement is {@code es}, or null. */
    Site startAt(ExpressionStatementContext es) {
        return sites.get(es);
    }

    /** The site whose nest's outermost overall is {@code o}, or null. */
    Site rootAt(OverallStatementContext o) {
        Site s = sites.get(o);
        return s != null && s.root() == o ? s : null;
    }

    /** The site whose nest has overall {@code o} (at any level), or null. */
    Site levelAt(OverallStatementContext o) {
        return byLevel.get(o);
    }

    private void block(BlockContext b, Attribution attr, Plan plan) {
        List<BlockStatementContext> list = b.blockStatement();
        for (int k = 0; k < list.size(); k++) {
            ExpressionStatementContext es = writeHaloStatement(list.get(k));
            Symbol.Variable a = es == null ? null : haloArray(es, attr);
            if (a == null) continue;
            int m = k + 1;
            while (m < list.size() && harmless(list.get(m), attr)) m++;
            if (m == list.size() || !(list.get(m) instanceof PlainStatementContext ps)
                    || !(ps.statement() instanceof OverallStatementContext root)) continue;
            Plan.Stmt st = plan.stmt(root);
            if (st == null || !st.isRoot()) continue;
            List<Dim> dims = new NestCheck(attr, a, root).dims();
            if (dims == null || dims.isEmpty()) continue;
            Site s = new Site(a.name(), es, root, dims);
            sites.put(es, s);
            sites.put(root, s);
            for (OverallStatementContext lv : NestCheck.levels(root)) byLevel.put(lv, s);
        }
    }

    /** {@code Adlib.writeHalo(x);} (or {@code hpjava.adlib.Adlib.writeHalo(x);}) as a statement, else null. */
    private static ExpressionStatementContext writeHaloStatement(BlockStatementContext bs) {
        if (!(bs instanceof PlainStatementContext ps) || !(ps.statement() instanceof ExpressionStatementContext es)) return null;
        if (!(es.expression() instanceof MethodCallContext mc) || !mc.identifier().getText().equals("writeHalo")) return null;
        String target = mc.expression().getText();
        if (!target.equals("Adlib") && !target.equals("hpjava.adlib.Adlib")) return null;
        var args = mc.arguments().expressionList();
        return args != null && args.expression().size() == 1 ? es : null;
    }

    /** The array of {@code Adlib.writeHalo(x)} when {@code x} is a fresh local multiarray, else null. */
    private static Symbol.Variable haloArray(ExpressionStatementContext es, Attribution attr) {
        ExpressionContext arg = ((MethodCallContext) es.expression()).arguments().expressionList().expression(0);
        if (!(arg instanceof NameContext n) || !(attr.symbol(n) instanceof Symbol.Variable v)) return null;
        return NestCheck.fresh(v, es) ? v : null;
    }

    /**
     * A statement between the exchange and the nest that cannot observe or change any multiarray, nor communicate:
     * a local declaration or an expression statement naming no multiarray and calling only the clocks.
     */
    private static boolean harmless(BlockStatementContext bs, Attribution attr) {
        ParseTree t;
        if (bs instanceof LocalVariableDeclarationStatementContext lv) t = lv;
        else if (bs instanceof PlainStatementContext ps && ps.statement() instanceof ExpressionStatementContext es) t = es;
        else return false;
        return JavaTrees.all(t, n -> switch (n) {
            case NameContext name -> !(attr.symbol(name) instanceof Symbol.Variable v && v.isMultiarray())
                    && !(attr.symbol(name) instanceof Symbol.Index);
            case MethodCallContext mc -> mc.expression().getText().equals("System")
                    && (mc.identifier().getText().equals("nanoTime") || mc.identifier().getText().equals("currentTimeMillis"));
            case UnqualifiedMethodCallContext u -> false;
            case CreationContext c -> false;
            case LambdaContext l -> false;
            case ElementAccessContext e -> false;
            case SectionContext s -> false;
            default -> true;
        });
    }

    /** The sites found, one per exchange (for tests). */
    List<Site> sites() {
        List<Site> out = new ArrayList<>();
        for (var e : sites.entrySet()) if (e.getKey() == e.getValue().start()) out.add(e.getValue());
        return out;
    }
}

package hpjava.adlib;

import hpjava.lang.Group;
import hpjava.lang.Multiarray;
import hpjava.lang.ProcessContext;

import java.util.ArrayList;
import java.util.List;

/**
 * A reusable reduction along one dimension ({@code sumDim}, {@code productDim}, {@code maxvalDim},
 * {@code minvalDim}): {@code res[i_0, .., i_{dim-1}, i_{dim+1}, ..] = op over k of src[i_0, .., k, ..]}. {@code res}
 * has rank R-1, the same element type and group as {@code src}, and is aligned with {@code src} without {@code dim}
 * (so it is replicated over the grid axis of {@code dim}). Each process folds its own elements along {@code dim} in
 * increasing index order, then the processes of each line along that grid axis combine their partial vectors in
 * coordinate order ({@link Reducer}); every copy of {@code res} receives the result.
 */
public final class DimReduction extends Schedule {
    private static final ScheduleCache.Planner KIND =
            (a, b, c, p) -> new DimReduction(Reduction.Op.values()[p[0]], a, b, p[1]);
    private final AdlibRank rk;
    private final Multiarray res, src;
    private final Reduction.Op op;
    private final NumericReducer red;
    private final Kernel kernel;
    private final int[] srcBase;       // per res element (in res region order): src offset without dim
    private final int[] lineBase, lineCount, lineStride; // the src runs along dim on this process
    private final Region[] resRegions;
    private final int m;
    private final int[] members;      // the line along dim's grid axis (job ranks, coordinate order); null: local
    private final int me;
    private final boolean useNative, member;
    private final Object acc, all;
    private final Object[] accs, alls;
    private final int[] counts;
    private final CallCheck.Call call;     // over the source's group: its members are the ones that communicate

    /** Plans {@code opDim(res, src, dim)} for op SUM, PRODUCT, MAXVAL or MINVAL. */
    public DimReduction(Reduction.Op op, Multiarray res, Multiarray src, int dim) {
        String name = op.lower() + "Dim";
        if (op.onBoolean()) throw new AdlibException(name + ": not a dimensional reduction");
        ProcessContext ctx = AdlibRank.context();
        Group apg = ctx.apg();
        Remap.check(name, apg, res, src);
        this.red = Reduction.numeric(src, name);
        if (dim < 0 || dim >= src.rank())
            throw new AdlibException(name + ": dimension " + dim + " does not exist in the rank-" + src.rank() + " array " + src.describe());
        if (res.rank() != src.rank() - 1)
            throw new AdlibException(name + ": the result must have rank " + (src.rank() - 1) + ", not " + res.rank());
        if (!res.grp().equals(src.grp()))
            throw new AdlibException(name + ": the result's group " + res.grp() + " is not the source's " + src.grp());
        for (int k = 0; k < res.rank(); k++) {
            int r = k < dim ? k : k + 1;
            if (!res.rng(k).sameDistribution(src.rng(r)))
                throw new AdlibException(name + ": dimension " + k + " of the result (" + res.rng(k) + ") is not aligned with dimension "
                        + r + " of the source (" + src.rng(r) + ")");
        }
        this.call = new CallCheck.Call(src.grp(), ctx.id(), CallCheck.signature(name, src, dim),
                CallCheck.describe(name, src, ", dimension " + dim));
        this.rk = AdlibRank.current(ctx);
        this.op = op;
        this.res = res;
        this.src = src;
        this.kernel = Kernel.of(src);
        int id = ctx.id();
        Layout L = new Layout(src);
        int[] c = L.dataCoords(id);
        this.member = c != null;
        this.resRegions = Local.owned(res, id);
        this.m = Region.total(List.of(resRegions));
        // src offsets of the res elements, in res traversal order
        List<Integer> bases = new ArrayList<>();
        int[] lb = new int[0], lc = new int[0], ls = new int[0];
        if (member) {
            List<List<Seg>> per = new ArrayList<>();
            for (int r = 0; r < src.rank(); r++) per.add(Seg.owned(src.rng(r), c[r]));
            List<Seg> along = per.get(dim);
            lb = new int[along.size()]; lc = new int[along.size()]; ls = new int[along.size()];
            for (int i = 0; i < along.size(); i++) {
                Seg s = along.get(i);
                lb[i] = src.str(dim) * s.aSub(); lc[i] = s.count(); ls[i] = src.str(dim) * s.aStep();
            }
            enumerate(src, per, dim, 0, src.bas(), bases);
        }
        this.srcBase = bases.stream().mapToInt(Integer::intValue).toArray();
        if (member && srcBase.length != m)
            throw new AdlibException("internal: " + name + " planned " + srcBase.length + " source lines for " + m + " result elements");
        this.lineBase = lb;
        this.lineCount = lc;
        this.lineStride = ls;
        int axis = L.axis[dim];
        if (!member || axis < 0) {
            this.members = null;
            this.me = 0;
        } else {
            int p = src.rng(dim).procCount();
            members = new int[p];
            for (int k = 0; k < p; k++) members[k] = L.neighbour(id, axis, k);
            me = c[dim];
        }
        this.useNative = members != null && rk.nativeFor(members);
        this.acc = red.newAcc(op.device, Math.max(m, 1));
        this.all = red.newAcc(op.device, Math.max(m, 1) * (members == null || useNative ? 1 : members.length));
        this.accs = new Object[] {acc};
        this.alls = new Object[] {all};
        this.counts = new int[] {m};
    }

    /**
     * Appends the offset of each line's start for the dimensions other than {@code dim}, in the order of
     * {@link Region#cross} over the result (segment combinations, row-major within each), so that the j-th line
     * belongs to the j-th element of the result's local regions.
     */
    private static void enumerate(Multiarray a, List<List<Seg>> per, int dim, int r, int off, List<Integer> out) {
        List<Integer> dims = new ArrayList<>();
        for (int q = 0; q < per.size(); q++) if (q != dim) dims.add(q);
        int k = dims.size();
        for (int q : dims) if (per.get(q).isEmpty()) return;
        int[] segIdx = new int[k];
        while (true) {
            Seg[] chosen = new Seg[k];
            for (int i = 0; i < k; i++) chosen[i] = per.get(dims.get(i)).get(segIdx[i]);
            int[] e = new int[k];
            while (true) {
                int o = off;
                for (int i = 0; i < k; i++) o += a.str(dims.get(i)) * (chosen[i].aSub() + e[i] * chosen[i].aStep());
                out.add(o);
                int i = k - 1;
                while (i >= 0 && ++e[i] == chosen[i].count()) e[i--] = 0;
                if (i < 0) break;
            }
            int i = k - 1;
            while (i >= 0 && ++segIdx[i] == per.get(dims.get(i)).size()) segIdx[i--] = 0;
            if (i < 0) return;
        }
    }

    static DimReduction cached(Reduction.Op op, Multiarray res, Multiarray src, int dim) {
        return (DimReduction) ScheduleCache.cached(KIND, op.ordinal(), dim, res, src);
    }

    /** Runs the reduction (collective over the lines of the source's group). */
    @Override
    public void execute() {
        run(res, src);
    }

    void run(Multiarray r, Multiarray s) {
        if (!member) return;
        call.agree(rk);
        red.identity(acc, 0, m, op.device);
        Object d = kernel.dat(s);
        for (int j = 0; j < m; j++)
            for (int i = 0; i < lineBase.length; i++) red.foldLine(acc, j, d, srcBase[j] + lineBase[i], lineCount[i], lineStride[i], op.device);
        if (members != null && members.length > 1) {
            if (useNative) rk.nat.allreduce(acc, 0, m, op.device);
            else {
                System.arraycopy(acc, 0, all, me * m, m);
                Tree.gather(rk, members, me, alls, counts);
                if (me == 0) {
                    System.arraycopy(all, 0, acc, 0, m);
                    for (int j = 1; j < members.length; j++) red.combine(acc, 0, all, j * m, m, op.device);
                }
                Tree.bcast(rk, members, me, 0, accs, counts);
            }
        }
        Object rd = kernel.dat(r);
        int off = 0;
        for (Region g : resRegions) { kernel.scatter(acc, off, rd, g); off += g.size; }
    }
}

package hpjava.adlib;

import hpjava.lang.Multiarray;

import java.util.List;

/**
 * A rectangular strided set of elements of one array's local storage: element {@code (i_0, ..., i_{n-1})},
 * {@code 0 <= i_d < counts[d]}, is at {@code base + sum_d i_d*strides[d]} and has global row-major linear index
 * {@code glbBase + sum_d i_d*glbStrides[d]}. Traversal order (the packing order) is row-major over {@code i}.
 * A rank-0 region has one dimension of count 1. Immutable after planning.
 */
final class Region {
    final int base;
    final int[] counts;
    final int[] strides;
    final long glbBase;
    final long[] glbStrides;
    final int size;

    Region(int base, int[] counts, int[] strides, long glbBase, long[] glbStrides) {
        this.base = base;
        this.counts = counts;
        this.strides = strides;
        this.glbBase = glbBase;
        this.glbStrides = glbStrides;
        long n = 1;
        for (int c : counts) n *= c;
        this.size = (int) n;
    }

    /**
     * The regions of the cross product of per-dimension runs, for array {@code a} using each run's source
     * ({@code useA}) or destination subscripts; appended to {@code out} in row-major order of the runs. Global linear
     * indexes use {@code shape}.
     */
    static void cross(Multiarray a, List<List<Seg>> perDim, boolean useA, int[] shape, List<Region> out) {
        int rank = perDim.size();
        if (rank == 0) {
            out.add(new Region(a.bas(), new int[] {1}, new int[] {1}, 0, new long[] {0}));
            return;
        }
        for (List<Seg> l : perDim) if (l.isEmpty()) return;
        long[] mult = new long[rank];
        long m = 1;
        for (int r = rank - 1; r >= 0; r--) { mult[r] = m; m *= shape[r]; }
        int[] k = new int[rank];
        while (true) {
            int[] counts = new int[rank], strides = new int[rank];
            long[] gs = new long[rank];
            long base = a.bas(), glb = 0;
            for (int r = 0; r < rank; r++) {
                Seg s = perDim.get(r).get(k[r]);
                counts[r] = s.count();
                int sub = useA ? s.aSub() : s.bSub(), step = useA ? s.aStep() : s.bStep();
                strides[r] = a.str(r) * step;
                base += (long) a.str(r) * sub;
                glb += s.glb() * mult[r];
                gs[r] = s.glbStep() * mult[r];
            }
            out.add(new Region((int) base, counts, strides, glb, gs));
            int r = rank - 1;
            while (r >= 0 && ++k[r] == perDim.get(r).size()) k[r--] = 0;
            if (r < 0) return;
        }
    }

    /**
     * The same elements of each region, in the same order, with neighbouring dimensions merged wherever every region
     * of {@code rs} (all of the same counts, copied element for element) continues across them in storage and in
     * global order: a transpose's blocks of whole rows then pack as one run each instead of one run per row. Regions
     * that cannot merge are returned as they are.
     */
    static Region[] coalesced(Region... rs) {
        int[] counts = rs[0].counts;
        int rank = counts.length, kept = 0;
        int[] nc = new int[rank];
        int[][] ns = new int[rs.length][rank];
        long[][] ng = new long[rs.length][rank];
        int c = counts[0];
        for (int i = 0; i < rs.length; i++) { ns[i][0] = rs[i].strides[0]; ng[i][0] = rs[i].glbStrides[0]; }
        for (int d = 1; d < rank; d++) {
            int cd = counts[d];
            boolean merge = true;
            for (int i = 0; i < rs.length && merge; i++)
                merge = c == 1 || cd == 1 || (ns[i][kept] == (long) cd * rs[i].strides[d]
                        && ng[i][kept] == cd * rs[i].glbStrides[d]);
            if (merge) {
                if (cd != 1)
                    for (int i = 0; i < rs.length; i++) { ns[i][kept] = rs[i].strides[d]; ng[i][kept] = rs[i].glbStrides[d]; }
                c *= cd;
            } else {
                nc[kept++] = c;
                c = cd;
                for (int i = 0; i < rs.length; i++) { ns[i][kept] = rs[i].strides[d]; ng[i][kept] = rs[i].glbStrides[d]; }
            }
        }
        nc[kept++] = c;
        if (kept == rank) return rs;
        Region[] out = new Region[rs.length];
        for (int i = 0; i < rs.length; i++)
            out[i] = new Region(rs[i].base, java.util.Arrays.copyOf(nc, kept), java.util.Arrays.copyOf(ns[i], kept),
                    rs[i].glbBase, java.util.Arrays.copyOf(ng[i], kept));
        return out;
    }

    static int total(List<Region> regions) {
        long n = 0;
        for (Region g : regions) n += g.size;
        return (int) n;
    }
}

package hpjava.adlib;

import hpjava.lang.Block;
import hpjava.lang.Multiarray;
import hpjava.lang.Range;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Planning of element transfers (remap, shift, writeHalo). Runs once per schedule; allocation is fine here. */
final class Plans {
    private Plans() {}

    /**
     * A copy {@code dst[g] = src[g + off]} where, per dimension {@code r}, {@code pieces[r]} lists triples
     * {@code (lo, hi, off)}: destination indices {@code lo..hi} of that dimension take the source index shifted by
     * {@code off}. Every destination holder (replicas included) receives; each source element is read from the
     * destination process itself if it holds it, else from the primary copy.
     */
    static Transfer copy(int me, Multiarray dst, Multiarray src, int[][] pieces, Kernel k, int tag) {
        Layout ld = new Layout(dst), ls = new Layout(src);
        int[] shape = dst.shape();
        Transfer.Builder b = new Transfer.Builder();
        int[] myD = ld.dataCoords(me), myS = ls.dataCoords(me);
        if (myD != null) {
            for (int v = 0, nv = ls.coordCount(); v < nv; v++) {
                int[] sc = ls.coordVector(v);
                boolean local = myS != null && Arrays.equals(myS, sc);
                int provider = local ? me : ls.primary(sc);
                List<List<Seg>> per = segs(src, sc, dst, myD, pieces);
                if (per == null) continue;
                if (provider == me) b.local(regions(src, per, true, shape), regions(dst, per, false, shape));
                else b.recv(provider, regions(dst, per, false, shape));
            }
        }
        if (myS != null && ls.primary(myS) == me) {
            for (int d : dst.grp().members()) {
                if (d == me) continue;
                int[] ds = ls.dataCoords(d);
                if (ds != null && Arrays.equals(ds, myS)) continue; // d holds these source elements itself
                List<List<Seg>> per = segs(src, myS, dst, ld.dataCoords(d), pieces);
                if (per != null) b.send(d, regions(src, per, true, shape));
            }
        }
        return b.build(k, tag);
    }

    private static List<List<Seg>> segs(Multiarray src, int[] sc, Multiarray dst, int[] dc, int[][] pieces) {
        List<List<Seg>> per = new ArrayList<>();
        for (int r = 0; r < dst.rank(); r++) {
            List<Seg> l = new ArrayList<>();
            int[] p = pieces[r];
            for (int i = 0; i < p.length; i += 3) Seg.intersect(src.rng(r), sc[r], dst.rng(r), dc[r], p[i], p[i + 1], p[i + 2], l);
            if (l.isEmpty()) return null;
            per.add(l);
        }
        return per;
    }

    private static List<Region> regions(Multiarray a, List<List<Seg>> per, boolean useA, int[] shape) {
        List<Region> out = new ArrayList<>();
        Region.cross(a, per, useA, shape, out);
        return out;
    }

    /** Identity pieces {@code (0, n-1, 0)} for every dimension of {@code a}. */
    static int[][] identity(Multiarray a) {
        int[][] p = new int[a.rank()][];
        for (int r = 0; r < p.length; r++) p[r] = new int[] {0, a.rng(r).size() - 1, 0};
        return p;
    }

    // ------------------------------------------------------------------ halo

    /**
     * The phases of a halo update, one per dimension with a non-zero width and a mode other than NONE, in dimension
     * order. Phase r transfers, along the other dimensions, the owned extent extended by the ghost cells earlier
     * phases filled, so corner ghosts are filled too.
     */
    static Transfer[] halo(int me, Multiarray a, int[] wlo, int[] whi, int[] mode, Kernel k) {
        Layout L = new Layout(a);
        int[] myC = L.dataCoords(me);
        List<Transfer> phases = new ArrayList<>();
        for (int r = 0; r < a.rank(); r++) {
            if (mode[r] == Adlib.NONE || (wlo[r] == 0 && whi[r] == 0)) continue;
            Transfer.Builder b = new Transfer.Builder();
            if (myC != null) {
                Range x = a.rng(r);
                int ax = L.axis[r], mine = myC[r];
                List<List<Seg>> others = new ArrayList<>();
                for (int q = 0; q < a.rank(); q++) {
                    boolean done = q < r && mode[q] != Adlib.NONE && (wlo[q] > 0 || whi[q] > 0);
                    others.add(done ? extended(a.rng(q), myC[q], mode[q], wlo[q], whi[q]) : Seg.owned(a.rng(q), myC[q]));
                }
                for (Run run : ghostRuns(x, mine, wlo[r], whi[r], mode[r])) {
                    List<List<Seg>> per = new ArrayList<>(others);
                    per.set(r, List.of(run.seg));
                    if (run.owner == mine) b.local(regions(a, per, true, a.shape()), regions(a, per, false, a.shape()));
                    else b.recv(L.neighbour(me, ax, run.owner), regions(a, per, false, a.shape()));
                }
                for (int c = 0, p = x.procCount(); c < p; c++) {
                    if (c == mine) continue;
                    for (Run run : ghostRuns(x, c, wlo[r], whi[r], mode[r])) {
                        if (run.owner != mine) continue;
                        List<List<Seg>> per = new ArrayList<>(others);
                        per.set(r, List.of(run.seg));
                        b.send(L.neighbour(me, ax, c), regions(a, per, true, a.shape()));
                    }
                }
            }
            phases.add(b.build(k, AdlibRank.TAG_HALO + r));
        }
        return phases.toArray(new Transfer[0]);
    }

    private record Run(int owner, Seg seg) {}

    /**
     * A halo update in one transfer (tag {@link AdlibRank#TAG_HALO_DIRECT}): every ghost cell, corners included, is
     * sent by the owner of its element, one message per neighbour (diagonal ones included). A ghost region is a
     * choice, per dimension, of the owned extent or one ghost run of an active dimension (not all owned); its owner
     * is the process whose data coordinates are the runs' owners. Fills exactly the cells {@link #halo} fills, with
     * the same elements.
     */
    static Transfer haloDirect(int me, Multiarray a, int[] wlo, int[] whi, int[] mode, Kernel k) {
        Layout L = new Layout(a);
        int[] myC = L.dataCoords(me);
        Transfer.Builder b = new Transfer.Builder();
        if (myC != null) {
            for (GhostPart g : ghostParts(a, myC, wlo, whi, mode)) {
                if (Arrays.equals(g.owner, myC)) b.local(regions(a, g.per, true, a.shape()), regions(a, g.per, false, a.shape()));
                else b.recv(peer(L, me, g.owner), regions(a, g.per, false, a.shape()));
            }
            for (int v = 0, nv = L.coordCount(); v < nv; v++) {
                int[] c = L.coordVector(v);
                if (Arrays.equals(c, myC)) continue;
                for (GhostPart g : ghostParts(a, c, wlo, whi, mode))
                    if (Arrays.equals(g.owner, myC)) b.send(peer(L, me, c), regions(a, g.per, true, a.shape()));
            }
        }
        return b.build(k, AdlibRank.TAG_HALO_DIRECT);
    }

    /** One ghost region of a process: per dimension its segments, and the data coordinates of its owner. */
    private record GhostPart(List<List<Seg>> per, int[] owner) {}

    /** The ghost regions of the process with data coordinates {@code c}, in one order every process computes alike. */
    private static List<GhostPart> ghostParts(Multiarray a, int[] c, int[] wlo, int[] whi, int[] mode) {
        int rank = a.rank();
        List<List<Run>> options = new ArrayList<>();
        int[] ownedRuns = new int[rank];
        for (int r = 0; r < rank; r++) {
            List<Run> o = new ArrayList<>();
            List<Seg> owned = Seg.owned(a.rng(r), c[r]);
            if (owned.isEmpty()) return List.of();
            ownedRuns[r] = owned.size();
            for (Seg s : owned) o.add(new Run(c[r], s));
            if (mode[r] != Adlib.NONE && (wlo[r] > 0 || whi[r] > 0)) o.addAll(ghostRuns(a.rng(r), c[r], wlo[r], whi[r], mode[r]));
            options.add(o);
        }
        List<GhostPart> out = new ArrayList<>();
        int[] pick = new int[rank];
        while (true) {
            boolean ghost = false;
            List<List<Seg>> per = new ArrayList<>();
            int[] owner = new int[rank];
            for (int r = 0; r < rank; r++) {
                Run run = options.get(r).get(pick[r]);
                ghost |= pick[r] >= ownedRuns[r];
                per.add(List.of(run.seg));
                owner[r] = run.owner;
            }
            if (ghost) out.add(new GhostPart(per, owner));
            int r = rank - 1;
            while (r >= 0 && ++pick[r] == options.get(r).size()) pick[r--] = 0;
            if (r < 0) return out;
        }
    }

    /** The job rank with {@code me}'s grid coordinates except the data coordinates {@code c} on the array's axes. */
    private static int peer(Layout L, int me, int[] c) {
        int p = me;
        for (int r = 0; r < c.length; r++) if (L.axis[r] >= 0) p = L.neighbour(p, L.axis[r], c[r]);
        return p;
    }

    /** The owned extent of coordinate c extended by the ghost cells a phase in {@code mode} filled. */
    private static List<Seg> extended(Range x, int c, int mode, int wlo, int whi) {
        int n = x.size();
        if (n == 0) return List.of();
        Block b = x.block(c, 0, n - 1, 1);
        if (b.count() == 0) return List.of();
        int lo = b.glbBase(), hi = lo + b.count() - 1;
        int elo = mode == Adlib.CYCL ? wlo : Math.min(wlo, lo), ehi = mode == Adlib.CYCL ? whi : Math.min(whi, n - 1 - hi);
        int sub = x.localSubscript(c, lo) - elo;
        return List.of(new Seg(hi - lo + 1 + elo + ehi, sub, 1, sub, 1, lo - elo, 1));
    }

    /**
     * The ghost cells of coordinate c (below, then above its block) that the mode fills, in runs of one owner with
     * consecutive source and destination subscripts: {@code aSub} on the owner, {@code bSub} on c.
     */
    private static List<Run> ghostRuns(Range x, int c, int wlo, int whi, int mode) {
        List<Run> out = new ArrayList<>();
        int n = x.size();
        if (n == 0) return out;
        Block b = x.block(c, 0, n - 1, 1);
        if (b.count() == 0) return out;
        int lo = b.glbBase(), hi = lo + b.count() - 1;
        addRuns(x, c, lo - wlo, lo - 1, mode, out);
        addRuns(x, c, hi + 1, hi + whi, mode, out);
        return out;
    }

    private static void addRuns(Range x, int c, int from, int to, int mode, List<Run> out) {
        int n = x.size();
        int owner = -1, count = 0, src0 = 0, dst0 = 0, glb0 = 0;
        for (int g = from; g <= to; g++) {
            int gs = g;
            if (g < 0 || g >= n) {
                if (mode != Adlib.CYCL) continue;
                gs = Math.floorMod(g, n);
            }
            int o = x.owner(gs), s = x.localSubscript(gs), d = x.localSubscript(c, g);
            if (count > 0 && o == owner && s == src0 + count && d == dst0 + count) { count++; continue; }
            if (count > 0) out.add(new Run(owner, new Seg(count, src0, 1, dst0, 1, glb0, 1)));
            owner = o; count = 1; src0 = s; dst0 = d; glb0 = gs;
        }
        if (count > 0) out.add(new Run(owner, new Seg(count, src0, 1, dst0, 1, glb0, 1)));
    }
}

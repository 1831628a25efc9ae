package hpjava.lang;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Distributed arrays of ranks 0..4 mixing every range kind and sequential dimensions, against a brute-force model:
 * every rank (simulated one after another; no communication is involved) creates the same array, and the model says
 * which ranks hold each element and at which local subscripts.
 */
class MultiarrayPropertyTest {

    static Stream<Integer> procCounts() { return IntStream.rangeClosed(1, 9).boxed(); }

    /** A reproducible array shape: per dimension, a grid axis (-1: sequential), an extent and a range kind. */
    record Config(int[] axis, int[] extent, int[] kind, long seed) {
        int rank() { return axis.length; }

        /** Builds the models (and ranges) of each dimension over grid p, identically on every rank. */
        RangeModel[] models(Procs p) {
            RangeModel[] m = new RangeModel[rank()];
            for (int r = 0; r < rank(); r++) {
                Random rnd = new Random(seed + r);
                if (axis[r] < 0) {
                    List<RangeModel> all = RangeModel.all(extent[r], p.dim(0), rnd);
                    m[r] = all.get(all.size() - 1);          // collapsed
                } else {
                    m[r] = RangeModel.all(extent[r], p.dim(axis[r]), rnd).get(kind[r]);
                }
            }
            return m;
        }

        @Override public String toString() {
            return "axes " + Arrays.toString(axis) + " extents " + Arrays.toString(extent) + " kinds " + Arrays.toString(kind);
        }
    }

    static List<Config> configs(int procs) {
        Random rnd = new Random(99 + procs);
        List<Config> out = new ArrayList<>();
        for (int rank = 0; rank <= 4; rank++) {
            for (int rep = 0; rep < (rank == 0 ? 1 : 6); rep++) {
                int[] axis = new int[rank], extent = new int[rank], kind = new int[rank];
                List<Integer> axes = new ArrayList<>(List.of(0, 1));
                java.util.Collections.shuffle(axes, rnd);
                int maxExtent = rank <= 1 ? 50 : rank == 2 ? 14 : 6;
                for (int r = 0; r < rank; r++) {
                    boolean dist = !axes.isEmpty() && rnd.nextInt(4) != 0;
                    axis[r] = dist ? axes.remove(0) : -1;
                    extent[r] = rnd.nextInt(maxExtent + 1);
                    kind[r] = rnd.nextInt(5);   // block, extblock, cyclic, blockcyclic, irreg
                }
                out.add(new Config(axis, extent, kind, rnd.nextLong()));
            }
        }
        return out;
    }

    /** All global subscript tuples of a shape, row-major. */
    static List<int[]> tuples(int[] shape) {
        List<int[]> out = new ArrayList<>();
        int total = 1;
        for (int e : shape) total *= e;
        for (int k = 0; k < total; k++) {
            int[] t = new int[shape.length];
            for (int r = shape.length - 1, q = k; r >= 0; r--) { t[r] = q % shape[r]; q /= shape[r]; }
            out.add(t);
        }
        return out;
    }

    /** Value stored at global subscripts g (distinct per element). */
    static double code(int[] g) {
        double v = 1;
        for (int x : g) v = v * 64 + x;
        return v;
    }

    /** Job ranks of grid p whose coordinates own g on every distributed dimension. */
    static Set<Integer> modelHolders(Procs p, Config cfg, RangeModel[] m, int[] g) {
        Set<Integer> out = new TreeSet<>();
        for (int rank : p.members()) {
            boolean holds = true;
            for (int r = 0; r < cfg.rank() && holds; r++)
                if (cfg.axis()[r] >= 0) holds = p.coord(rank, cfg.axis()[r]) == m[r].owner[g[r]];
            if (holds) out.add(rank);
        }
        return out;
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("procCounts")
    void elementsLiveWhereTheModelSaysAtTheHoistedOffsets(int procs) {
        for (Config cfg : configs(procs)) {
            Map<String, Set<Integer>> holders = new HashMap<>();
            Set<Integer> ghostsChecked = new HashSet<>();
            for (int rid = 0; rid < procs; rid++) {
                final int id = rid;
                ProcessContext.create(rid, procs).run(() -> {
                    Procs2 p = new Procs2();
                    RangeModel[] m = cfg.models(p);
                    Range[] ranges = Arrays.stream(m).map(x -> x.range).toArray(Range[]::new);
                    DoubleMultiarray a = new DoubleMultiarray(p, ranges);
                    String what = cfg + " rank " + id + " " + a;
                    assertEquals(cfg.rank(), a.rank());
                    for (int r = 0; r < a.rank(); r++) assertSame(ranges[r], a.rng(r));
                    assertSame(p, a.grp().procs(), what);
                    assertEquals(a.isMember() ? a.storageLength() : 0, a.dat().length, what);
                    // fill through the hoisted formula over local blocks, as generated code does
                    List<int[]> visited = new ArrayList<>();
                    forEachLocal(a, (g, off) -> { a.dat()[off] = code(g); visited.add(g); });
                    Set<Integer> offsets = new HashSet<>();
                    for (int[] g : tuples(a.shape())) {
                        Set<Integer> model = modelHolders(p, cfg, m, g);
                        boolean held = model.contains(id);
                        assertEquals(held, a.holds(g), what + " holds " + Arrays.toString(g));
                        Set<Integer> h = new TreeSet<>();
                        for (int rank : a.holders(g).members()) h.add(rank);
                        if (!h.equals(model)) assertEquals(model, h, what + " holders of " + Arrays.toString(g));
                        if (!held) continue;
                        holders.computeIfAbsent(Arrays.toString(g), k -> new TreeSet<>()).add(id);
                        long off = a.bas();
                        for (int r = 0; r < g.length; r++) off += (long) a.str(r) * m[r].sub[g[r]];
                        assertEquals(off, a.offset(g), what + " offset of " + Arrays.toString(g));
                        assertTrue(offsets.add((int) off), what + " two elements at offset " + off);
                        assertEquals(code(g), a.get(g), what + " value of " + Arrays.toString(g));
                    }
                    assertEquals(offsets.size(), visited.size(), what + " local blocks visit each held element once");
                    // ghost cells: shifted subscripts address storage that no owned element uses
                    for (int r = 0; r < a.rank(); r++) {
                        Range x = a.rng(r);
                        if (x.loExtension() + x.hiExtension() == 0 || !a.isMember() || offsets.isEmpty()) continue;
                        int c = x.crd();
                        for (int gl = -x.loExtension(); gl < x.size() + x.hiExtension(); gl++) {
                            if (!x.holdsWithGhosts(c, gl) || x.holds(c, gl)) continue;
                            int s = x.localSubscript(c, gl);
                            assertTrue(s >= 0 && s < x.storageExtent(), what + " ghost subscript");
                            ghostsChecked.add(gl);
                        }
                        for (int[] g : tuples(a.shape())) {
                            if (!a.holds(g)) continue;
                            for (int d = -x.loExtension(); d <= x.hiExtension(); d++) {
                                int[] h = g.clone();
                                h[r] += d;
                                int off = a.offset(g) + d * a.str(r);
                                assertTrue(off >= 0 && off < a.dat().length, what + " ghost offset in storage");
                                if (d != 0 && !(h[r] >= 0 && h[r] < x.size() && a.holds(h)))
                                    assertFalse(offsets.contains(off), what + " ghost " + Arrays.toString(h) + " overlaps an owned element");
                                if (h[r] >= 0 && h[r] < x.size() && a.holds(h))
                                    assertEquals(a.offset(h), off, what + " neighbour offset");
                            }
                        }
                    }
                });
            }
            for (int[] g : tuples(cfg.extent())) {
                Set<Integer> got = holders.getOrDefault(Arrays.toString(g), Set.of());
                ProcessContext.create(0, procs).run(() -> {
                    Procs2 p = new Procs2();
                    assertEquals(modelHolders(p, cfg, cfg.models(p), g), got, cfg + " holders of " + Arrays.toString(g));
                });
                assertFalse(got.isEmpty(), cfg + " element " + Arrays.toString(g) + " held by nobody");
            }
        }
    }

    /** A random section subscript per dimension: scalar, all, or a triplet of any step sign (possibly empty). */
    static Triplet[] randomSection(int[] shape, Random rnd, List<int[]> modelSpec) {
        Triplet[] t = new Triplet[shape.length];
        modelSpec.clear();
        for (int r = 0; r < shape.length; r++) {
            int n = shape[r], pick = rnd.nextInt(4);
            if (n > 0 && pick == 0) { int x = rnd.nextInt(n); t[r] = Triplet.scalar(x); modelSpec.add(new int[] {1, x, x, 1}); }
            else if (pick == 1 || n == 0) { t[r] = Triplet.all(); modelSpec.add(new int[] {0, 0, n - 1, 1}); }
            else {
                int[] tr = RangeModel.triplets(n, rnd, 3).get(rnd.nextInt(7));   // whole, reversed, empty, random
                t[r] = Triplet.of(tr[0], tr[1], tr[2]);
                modelSpec.add(new int[] {0, tr[0], tr[1], tr[2]});
            }
        }
        return t;
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("procCounts")
    void sectionsAliasTheRightElementsOverTheSubgroupHoldingThem(int procs) {
        Random rnd = new Random(7 + procs);
        for (Config cfg : configs(procs)) {
            if (cfg.rank() == 0) continue;
            for (int rep = 0; rep < 3; rep++) {
                List<int[]> spec1 = new ArrayList<>(), spec2 = new ArrayList<>();
                Triplet[] t1 = randomSection(cfg.extent(), rnd, spec1);
                int[] shape1 = spec1.stream().filter(s -> s[0] == 0).mapToInt(s -> RangeModel.triplet(s[1], s[2], s[3]).length).toArray();
                Triplet[] t2 = randomSection(shape1, rnd, spec2);
                for (int rid = 0; rid < procs; rid++) {
                    final int id = rid;
                    ProcessContext.create(rid, procs).run(() -> {
                        Procs2 p = new Procs2();
                        RangeModel[] m = cfg.models(p);
                        IntMultiarray a = new IntMultiarray(p, Arrays.stream(m).map(x -> x.range).toArray(Range[]::new));
                        forEachLocal(a, (g, off) -> a.dat()[off] = (int) code(g));
                        IntMultiarray s1 = a.section(t1);
                        checkSection(p, cfg, m, a, s1, List.of(spec1), id);
                        IntMultiarray s2 = s1.section(t2);
                        checkSection(p, cfg, m, a, s2, List.of(spec1, spec2), id);
                    });
                }
            }
        }
    }

    /** Checks section s of root array a, obtained by applying the section specs in order. */
    static void checkSection(Procs p, Config cfg, RangeModel[] m, IntMultiarray a, IntMultiarray s, List<List<int[]>> specs, int id) {
        String what = cfg + " rank " + id + " section " + specs.stream().map(l -> l.stream().map(Arrays::toString).toList().toString()).toList();
        // the model of the section: root dimension of each section dimension, and the root index map
        List<Integer> rootDims = new ArrayList<>();
        for (int r = 0; r < cfg.rank(); r++) rootDims.add(r);
        Map<Integer, Integer> fixedRoot = new HashMap<>();       // root dimension -> scalar root index
        List<int[]> trip = new ArrayList<>();                     // per current dim: root origin, step
        for (int r = 0; r < cfg.rank(); r++) trip.add(new int[] {0, 1});
        for (List<int[]> spec : specs) {
            List<Integer> nd = new ArrayList<>();
            List<int[]> nt = new ArrayList<>();
            for (int r = 0; r < spec.size(); r++) {
                int[] sp = spec.get(r), cur = trip.get(r);
                int root = rootDims.get(r);
                if (sp[0] == 1) fixedRoot.put(root, cur[0] + sp[1] * cur[1]);
                else { nd.add(root); nt.add(new int[] {cur[0] + sp[1] * cur[1], cur[1] * sp[3]}); }
            }
            rootDims = nd;
            trip = nt;
        }
        assertEquals(rootDims.size(), s.rank(), what + " rank");
        Set<Integer> groupModel = new TreeSet<>();
        for (int rank : a.grp().members()) {
            boolean in = true;
            for (var e : fixedRoot.entrySet())
                if (cfg.axis()[e.getKey()] >= 0) in &= p.coord(rank, cfg.axis()[e.getKey()]) == m[e.getKey()].owner[e.getValue()];
            if (in) groupModel.add(rank);
        }
        assertEquals(groupModel, new TreeSet<>(Arrays.stream(s.grp().members()).boxed().toList()), what + " group");
        Map<String, Integer> heldOffsets = new HashMap<>();
        for (int[] i : tuples(s.shape())) {
            int[] g = new int[cfg.rank()];
            for (var e : fixedRoot.entrySet()) g[e.getKey()] = e.getValue();
            for (int r = 0; r < i.length; r++) g[rootDims.get(r)] = trip.get(r)[0] + i[r] * trip.get(r)[1];
            boolean held = a.holds(g) && groupModel.contains(id);
            assertEquals(held, s.holds(i), what + " holds " + Arrays.toString(i) + " = root " + Arrays.toString(g));
            if (!held) continue;
            assertEquals(a.offset(g), s.offset(i), what + " offset of " + Arrays.toString(i));
            assertEquals((int) code(g), s.get(i), what + " value of " + Arrays.toString(i));
            s.set(-1, i);                                   // writes through the section land in the parent
            assertEquals(-1, a.get(g), what + " aliasing");
            s.set((int) code(g), i);
            heldOffsets.put(Arrays.toString(i), a.offset(g));
        }
        Map<String, Integer> visited = new HashMap<>();
        forEachLocal(s, (i, off) -> assertNull(visited.put(Arrays.toString(i), off), what + " visited twice"));
        assertEquals(heldOffsets, visited, what + " hoisted enumeration of the section");
    }

    interface LocalVisitor { void visit(int[] g, int offset); }

    /** The generated-loop enumeration: per dimension the calling process's block (all segments), hoisted offsets. */
    static void forEachLocal(Multiarray a, LocalVisitor v) {
        if (!a.isMember()) return;
        int rank = a.rank();
        List<List<int[]>> perDim = new ArrayList<>();   // (global index, str*sub) pairs per dimension
        for (int r = 0; r < rank; r++) {
            Range x = a.rng(r);
            Block b = x.localBlock(ProcessContext.current(), 0, x.size() - 1, 1);
            List<int[]> l = new ArrayList<>();
            for (int seg = 0, ns = b.segments(); seg < ns; seg++) {
                b.select(seg);
                final int n = b.count(), gb = b.glbBase(), gs = b.glbStep(), sb = b.subBase(), ss = b.subStep(), str = a.str(r);
                for (int k = 0; k < n; k++) l.add(new int[] {gb + k * gs, str * (sb + k * ss)});
            }
            perDim.add(l);
        }
        int[] k = new int[rank];
        for (List<int[]> l : perDim) if (l.isEmpty()) return;
        while (true) {
            int[] g = new int[rank];
            int off = a.bas();
            for (int r = 0; r < rank; r++) { g[r] = perDim.get(r).get(k[r])[0]; off += perDim.get(r).get(k[r])[1]; }
            v.visit(g, off);
            int r = rank - 1;
            while (r >= 0 && ++k[r] == perDim.get(r).size()) k[r--] = 0;
            if (r < 0) return;
        }
    }
}

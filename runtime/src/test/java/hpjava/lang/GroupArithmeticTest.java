package hpjava.lang;

import static org.junit.jupiter.api.Assertions.*;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Groups hold no member tables (Group: "No member tables"): their members, positions and coordinates are computed from
 * the grid shape and the fixed coordinates. Checked against a model that keeps explicit member lists (what the
 * runtime stored before), over grids on the world, on restricted groups (contiguous and strided) and grids on
 * those, restricted again; and a job of a million ranks builds its world, a grid and restrictions in a few KB.
 */
class GroupArithmeticTest {

    /** The model of a group: its member list. A grid over {@code parent} takes its first members, row-major. */
    private record Model(int[] shape, int[] ranks) {
        int linear(int[] c) {
            int k = 0;
            for (int a = 0; a < shape.length; a++) k = k * shape[a] + c[a];
            return k;
        }

        int[] coords(int k) {
            int[] c = new int[shape.length];
            for (int a = shape.length - 1; a >= 0; a--) { c[a] = k % shape[a]; k /= shape[a]; }
            return c;
        }

        /** Members whose coordinates match {@code fixed} (-1: any), row-major. */
        int[] matching(int[] fixed) {
            return IntStream.range(0, ranks.length).filter(k -> {
                int[] c = coords(k);
                for (int a = 0; a < shape.length; a++) if (fixed[a] >= 0 && c[a] != fixed[a]) return false;
                return true;
            }).map(k -> ranks[k]).toArray();
        }
    }

    @Test
    void groupsAgreeWithExplicitMemberListsAtEveryLevel() {
        Random random = new Random(15);
        for (int n = 1; n <= 30; n++) {
            final int size = n;
            ProcessContext.create(random.nextInt(size), size).run(() -> {
                Procs world = ProcessContext.current().world();
                check(world, new Model(new int[] {size}, IntStream.range(0, size).toArray()), size);
                explore(world, IntStream.range(0, size).toArray(), size, random, 3);
            });
        }
    }

    /** Builds grids of random shapes over {@code g} (members {@code members}) and checks them and their restrictions. */
    private static void explore(Group g, int[] members, int jobSize, Random random, int depth) {
        if (depth == 0 || members.length == 0) return;
        for (int t = 0; t < 2; t++) {
            int n = 1 + random.nextInt(members.length);
            int rank = random.nextInt(4);
            int[] shape = rank == 0 ? new int[0] : Procs.nearCubicShape(n, rank);
            if (rank > 1 && random.nextBoolean()) reverse(shape);
            Procs p = new Procs(g, shape);
            Model m = new Model(shape, Arrays.copyOf(members, rank == 0 ? 1 : n));
            check(p, m, jobSize);
            for (int a = 0; a < shape.length; a++) {
                int c = random.nextInt(shape[a]);
                Group r = p.restrict(p.dim(a), c);
                int[] fixed = new int[shape.length];
                Arrays.fill(fixed, -1);
                fixed[a] = c;
                checkGroup(r, m.matching(fixed), jobSize);
                if (shape.length > 1) {
                    int b = (a + 1) % shape.length, cb = random.nextInt(shape[b]);
                    Group rr = r.restrict(p.dim(b), cb);
                    fixed[b] = cb;
                    checkGroup(rr, m.matching(fixed), jobSize);
                    assertTrue(r.contains(rr) && p.contains(rr));
                    assertEquals(rr.size() == r.size(), rr.sameMembers(r));
                    fixed[b] = -1;
                }
                if (shape[a] > 1) assertEquals(0, r.restrict(p.dim(a), (c + 1) % shape[a]).size(), "conflicting restriction");
                explore(r, m.matching(fixed), jobSize, random, depth - 1);
            }
            explore(p, m.ranks(), jobSize, random, depth - 1);
        }
    }

    private static void check(Procs p, Model m, int jobSize) {
        checkGroup(p, m.ranks(), jobSize);
        for (int k = 0; k < m.ranks().length; k++) {
            int[] c = m.coords(k);
            assertEquals(m.ranks()[k], p.rankAt(c), () -> p + " rankAt " + Arrays.toString(c));
            assertArrayEquals(c, p.coords(m.ranks()[k]), () -> p + " coords of " + Arrays.toString(c));
            for (int a = 0; a < c.length; a++) assertEquals(c[a], p.coord(m.ranks()[k], a));
        }
        for (int r = -1; r <= jobSize; r++) if (indexIn(m.ranks(), r) < 0) assertNull(p.coords(r), p + " coords of non-member " + r);
    }

    private static void checkGroup(Group g, int[] expected, int jobSize) {
        assertArrayEquals(expected, g.members(), () -> g.toString());
        assertEquals(expected.length, g.size());
        for (int k = 0; k < expected.length; k++) assertEquals(expected[k], g.member(k));
        for (int r = -2; r <= jobSize + 1; r++) assertEquals(indexIn(expected, r), g.indexOf(r), g + " indexOf " + r);
        assertThrows(IndexOutOfBoundsException.class, () -> g.member(expected.length));
        if (g.size() == 0) return;
        Procs1 copy = new Procs1(g);                               // a grid over g: the same members, in order
        assertTrue(copy.sameMembers(g) && g.sameMembers(copy) && g.contains(copy) && copy.contains(g), () -> g.toString());
    }

    private static int indexIn(int[] members, int rank) {
        for (int k = 0; k < members.length; k++) if (members[k] == rank) return k;
        return -1;
    }

    /** Reverses an array in place (so that smaller extents also come first). */
    private static void reverse(int[] a) {
        for (int i = 0, j = a.length - 1; i < j; i++, j--) { int t = a[i]; a[i] = a[j]; a[j] = t; }
    }

    @Test
    void aMillionRankJobBuildsItsGroupsInAFewKilobytes() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        buildGroups(ProcessContext.create(0, 16));                 // the same path once first: classes, call sites
        int n = 1 << 20;
        ProcessContext c = ProcessContext.create(n - 5, n);
        long before = threads.getCurrentThreadAllocatedBytes();
        Object[] groups = buildGroups(c);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        // a member table of the world alone is 4 MiB (one int a rank); everything here is a few small arrays
        assertTrue(allocated < 64 * 1024, "allocated " + allocated + " bytes for the groups of a job of " + n + " ranks");
        Procs2 p = (Procs2) groups[0];
        assertArrayEquals(new int[] {1024, 1024}, p.shape());
        assertEquals(n - 5, ((Group) groups[2]).member(0));
        assertEquals(1019, ((Procs1) groups[1]).indexOf(n - 5));
        assertEquals(1024 * 7 + 3, ((Group) groups[3]).member(7));
    }

    /** The world of {@code c}'s job, a near-square grid over it, a row, a grid over the row, one process, a column. */
    private static Object[] buildGroups(ProcessContext c) {
        Object[] kept = new Object[4];
        c.run(() -> {
            Procs2 p = new Procs2();
            int side = p.dim(1).size();
            int m = c.enterIndex(new BlockRange(4 * p.dim(0).size(), p.dim(0)));   // APG: a row of p
            Procs1 row = new Procs1();                                              // a grid over that row
            int m2 = c.enterIndex(new BlockRange(side, p.dim(1)));                  // APG: one process
            kept[0] = p;
            kept[1] = row;
            kept[2] = c.apg();
            kept[3] = p.restrict(p.dim(1), 3);
            assertEquals(1, c.apg().size());
            c.restoreApg(m2);
            c.restoreApg(m);
        });
        return kept;
    }
}

package hpjava.lang;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GroupAndContextTest {

    @Test
    void contextsAreValidatedAndUnboundThreadsGetAClearError() {
        assertThrows(IllegalArgumentException.class, () -> ProcessContext.create(0, 0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProcessContext.create(3, 3));
        assertTrue(e.getMessage().contains("rank id 3"), e.getMessage());
        ProcessContext.unbind();
        IllegalStateException s = assertThrows(IllegalStateException.class, ProcessContext::current);
        assertTrue(s.getMessage().contains("runs no HPJava process"), s.getMessage());
        assertNull(ProcessContext.currentOrNull());
        assertThrows(IllegalStateException.class, () -> new Procs2(1, 1));
    }

    @Test
    void aProcessWideBindingServesThreadsWithoutTheirOwn() throws Exception {
        ProcessContext one = ProcessContext.create(2, 3);
        AtomicReference<Object> seen = new AtomicReference<>();
        ProcessContext.bindProcess(one);
        try {
            Thread t = Thread.ofPlatform().start(() -> {
                seen.set(ProcessContext.current());
                ProcessContext own = ProcessContext.create(0, 3);
                own.bind();                                   // a thread binding takes precedence
                if (ProcessContext.current() != own) seen.set("thread binding ignored");
                ProcessContext.unbind();
            });
            t.join(10_000);
            assertSame(one, seen.get());
        } finally {
            ProcessContext.bindProcess(null);
        }
        Thread t = Thread.ofPlatform().start(() -> seen.set(ProcessContext.currentOrNull()));
        t.join(10_000);
        assertNull(seen.get());
    }

    @Test
    void rangeConstructorsRejectBadArgumentsWithClearMessages() {
        ProcessContext.create(0, 3).run(() -> {
            Procs1 p = new Procs1();
            Dimension d = p.dim(0);
            assertMessage("must not be negative", () -> new BlockRange(-1, d));
            assertMessage("needs a process dimension", () -> new BlockRange(4, null));
            assertMessage("ghost widths must not be negative", () -> new ExtBlockRange(4, d, -1, 0));
            assertMessage("needs a process dimension", () -> new CyclicRange(4, null));
            assertMessage("block size must be at least 1", () -> new BlockCyclicRange(4, d, 0));
            assertMessage("one block size per coordinate", () -> new IrregRange(new int[] {1, 2}, d));
            assertMessage("must not be negative", () -> new IrregRange(new int[] {1, -2, 1}, d));
            assertMessage("must not be negative", () -> new CollapsedRange(-3));
            assertMessage("dimension 1 of a 1-dimensional process grid", () -> p.dim(1));
            assertMessage("outside shape", () -> p.rankAt(3));
            assertMessage("step 0", () -> new BlockRange(4, d).subrange(0, 3, 0));
        });
    }

    private static void assertMessage(String part, org.junit.jupiter.api.function.Executable e) {
        RuntimeException x = assertThrows(RuntimeException.class, e);
        assertTrue(x.getMessage() != null && x.getMessage().contains(part), "message '" + x.getMessage() + "' lacks '" + part + "'");
    }

    @Test
    void gridsTakeTheFirstApgMembersRowMajor() {
        ProcessContext.create(4, 7).run(() -> {
            ProcessContext c = ProcessContext.current();
            assertEquals(4, c.id());
            assertEquals(7, c.apg().size());
            Procs2 p = new Procs2(2, 3);
            assertEquals(6, p.size());
            assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5}, p.members());
            assertEquals(5, p.rankAt(1, 2));
            assertArrayEquals(new int[] {1, 1}, p.coords(4));
            assertEquals(1, p.dim(0).crd());
            assertEquals(1, p.dim(1).crd());
            assertTrue(p.isMember());
            assertNull(p.coords(6));
            assertEquals(-1, p.dim(0).crd(ProcessContext.create(6, 7)));
            // a grid over a subgroup takes that subgroup's members in its order
            Group row1 = p.restrict(p.dim(0), 1);
            assertArrayEquals(new int[] {3, 4, 5}, row1.members());
            Procs1 q = new Procs1(row1);
            assertArrayEquals(new int[] {3, 4, 5}, q.members());
            Procs0 z = new Procs0();
            assertArrayEquals(new int[] {0}, z.members());
            assertEquals(0, z.rank());
        });
    }

    @Test
    void tooLargeGridsNameTheSizes() {
        ProcessContext.create(0, 4).run(() -> {
            ProcsArrayTooLargeException e = assertThrows(ProcsArrayTooLargeException.class, () -> new Procs2(3, 3));
            assertTrue(e.getMessage().contains("Procs2(3, 3) needs 9 processes") && e.getMessage().contains("only 4"), e.getMessage());
            assertEquals(9, e.needed());
            assertEquals(4, e.available());
            assertThrows(ProcsArrayTooLargeException.class, () -> new Procs1(5));
            assertThrows(IllegalArgumentException.class, () -> new Procs2(0, 1));
            new Procs3(2, 2, 1);
        });
    }

    @Test
    void nearCubicShapesMatchABruteForceSearch() {
        for (int n = 1; n <= 64; n++) {
            for (int rank = 1; rank <= 3; rank++) {
                int[] s = Procs.nearCubicShape(n, rank);
                assertEquals(rank, s.length);
                assertEquals(n, Arrays.stream(s).reduce(1, (a, b) -> a * b), "product for " + n);
                for (int a = 1; a < rank; a++) assertTrue(s[a - 1] >= s[a], "non-increasing " + Arrays.toString(s));
                // no factorization has a smaller largest extent
                int bestMax = bruteMinMax(n, rank, n);
                assertEquals(bestMax, s[0], "largest extent for n=" + n + " rank=" + rank + " " + Arrays.toString(s));
            }
        }
        ProcessContext.create(0, 6).run(() -> assertArrayEquals(new int[] {3, 2}, new Procs2().shape()));
        ProcessContext.create(0, 12).run(() -> assertArrayEquals(new int[] {3, 2, 2}, new Procs3().shape()));
        ProcessContext.create(0, 7).run(() -> assertArrayEquals(new int[] {7}, new Procs1().shape()));
    }

    private static int bruteMinMax(int n, int rank, int cap) {
        if (rank == 1) return n <= cap ? n : Integer.MAX_VALUE;
        int best = Integer.MAX_VALUE;
        for (int f = 1; f <= Math.min(n, cap); f++)
            if (n % f == 0) {
                int rest = bruteMinMax(n / f, rank - 1, f);
                if (rest != Integer.MAX_VALUE) best = Math.min(best, Math.max(f, rest));
            }
        return best;
    }

    @Test
    void restrictionFixesOneCoordinatePerDimension() {
        ProcessContext.create(0, 12).run(() -> {
            Procs3 p = new Procs3(2, 3, 2);
            Group g = p.restrict(p.dim(1), 2);
            List<Integer> expected = new ArrayList<>();
            for (int a = 0; a < 2; a++) for (int c = 0; c < 2; c++) expected.add(p.rankAt(a, 2, c));
            assertEquals(expected, Arrays.stream(g.members()).boxed().toList());
            Group gg = g.restrict(p.dim(0), 1);
            assertArrayEquals(new int[] {p.rankAt(1, 2, 0), p.rankAt(1, 2, 1)}, gg.members());
            assertSame(gg, gg.restrict(p.dim(0), 1));
            assertEquals(0, gg.restrict(p.dim(0), 0).size());
            assertEquals(gg, p.restrict(p.dim(0), 1).restrict(p.dim(1), 2));
            assertTrue(p.contains(gg));
            assertFalse(gg.contains(p));
            Range x = new BlockRange(10, p.dim(1));          // blocks of 4: index 9 on coordinate 2
            assertEquals(g, p.restrict(x, 9));
            assertSame(p, p.restrict(new CollapsedRange(5), 3));
            assertThrows(IndexOutOfBoundsException.class, () -> p.restrict(x, 10));
            Procs1 other = new Procs1(2);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.restrict(other.dim(0), 0));
            assertTrue(e.getMessage().contains("is not a dimension of"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> p.restrict(p.dim(0), 2));
        });
    }

    @Test
    void apgIsRestoredOnExceptionsAndRestrictedByOverallAndAt() {
        ProcessContext.create(5, 6).run(() -> {
            ProcessContext c = ProcessContext.current();
            Procs2 p = new Procs2(2, 3);             // rank 5 at (1, 2)
            Group world = c.apg();
            assertSame(c.world(), world);
            try {
                int m = c.pushApg(p);
                try {
                    assertSame(p, c.apg());
                    Range y = new CyclicRange(20, p.dim(1));
                    int m2 = c.enterIndex(y);
                    assertEquals(p.restrict(p.dim(1), 2), c.apg());
                    Group first = c.apg();
                    c.restoreApg(m2);
                    int m3 = c.enterIndex(y);
                    assertSame(first, c.apg(), "restriction cached: no allocation per loop entry");
                    int m4 = c.enterIndex(new CollapsedRange(3));
                    assertSame(first, c.apg());
                    c.restoreApg(m4);
                    c.restoreApg(m3);
                    throw new IllegalStateException("body failed");
                } finally {
                    c.restoreApg(m);
                }
            } catch (IllegalStateException expected) {
                assertEquals("body failed", expected.getMessage());
            }
            assertSame(world, c.apg());
            assertEquals(1, c.apgDepth());
            Procs2 q = new Procs2(1, 2);               // ranks 0, 1: not a member
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.pushApg(q));
            assertTrue(e.getMessage().contains("not a member"), e.getMessage());
            assertThrows(IllegalStateException.class, () -> c.restoreApg(5));
            // overall over a grid that is not the APG's but lies inside it: APG / i taken of that grid
            int m = c.enterIndex(new BlockRange(6, p.dim(0)));
            assertEquals(p.restrict(p.dim(0), 1), c.apg());
            c.restoreApg(m);
        });
    }

    /** N ranks as N threads of one JVM: each sees only its own context and APG. */
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 4, 6, 9})
    void ranksSharingAJvmSeeOnlyTheirOwnContext(int n) throws Exception {
        ConcurrentHashMap<Integer, String> state = new ConcurrentHashMap<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CyclicBarrier barrier = new CyclicBarrier(n);
        CountDownLatch done = new CountDownLatch(n);
        List<Thread> threads = new ArrayList<>();
        for (int id = 0; id < n; id++) {
            final int rid = id;
            Runnable rank = () -> ProcessContext.create(rid, n).run(() -> {
                try {
                    state.put(rid, "started");
                    ProcessContext c = ProcessContext.current();
                    Procs2 p = new Procs2();
                    int[] crd = p.coords(rid);
                    assertEquals(rid, p.rankAt(crd));
                    int m = c.pushApg(p);
                    int m2 = c.enterIndex(new BlockRange(3 * n, p.dim(0)));
                    state.put(rid, "in overall body, waiting at barrier");
                    barrier.await();                     // every rank is inside its own restricted APG now
                    assertSame(c, ProcessContext.current());
                    assertEquals(p.restrict(p.dim(0), crd[0]), c.apg());
                    assertTrue(c.apg().isMember());
                    // a thread started by the rank inherits a fork: same rank, the APG at start, own stack
                    Group atSpawn = c.apg();
                    AtomicReference<Object> child = new AtomicReference<>();
                    Thread t = Thread.ofVirtual().start(() -> {
                        ProcessContext f = ProcessContext.current();
                        int cm = f.pushApg(c.world().restrict(c.world().dim(0), rid));
                        child.set(new Object[] {f.id(), f.apgDepth(), f == c});
                        f.restoreApg(cm);
                    });
                    t.join();
                    Object[] seen = (Object[]) child.get();
                    assertEquals(rid, seen[0]);
                    assertEquals(2, seen[1]);
                    assertEquals(false, seen[2]);
                    assertSame(atSpawn, c.apg(), "child's pushes do not touch the parent's stack");
                    c.restoreApg(m2);
                    c.restoreApg(m);
                    assertSame(c.world(), c.apg());
                    state.put(rid, "done");
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                    state.put(rid, "failed: " + e);
                    barrier.reset();
                } finally {
                    done.countDown();
                }
            });
            threads.add(Thread.ofPlatform().name("rank-" + id).start(rank));
        }
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> done.await(), () -> "ranks stuck: " + new java.util.TreeMap<>(state));
        for (Thread t : threads) t.join(1000);
        if (failure.get() != null) throw new AssertionError("rank states " + new java.util.TreeMap<>(state), failure.get());
    }
}

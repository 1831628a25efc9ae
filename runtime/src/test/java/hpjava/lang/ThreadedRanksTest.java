package hpjava.lang;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ranks 0..N-1 as concurrent (virtual) threads of one JVM, as the mt backend runs them: each builds its grid, ranges
 * and arrays, runs an overall-shaped loop inside the restricted APG, and records what it holds; the union must be the
 * model's partition.
 */
class ThreadedRanksTest {

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9})
    void concurrentRanksPartitionTheArrayAsTheModelSays(int n) throws Exception {
        Map<Integer, String> state = new ConcurrentHashMap<>();
        Map<String, Set<Integer>> holders = new ConcurrentHashMap<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(n);
        List<Thread> threads = new ArrayList<>();
        final int rows = 13, cols = 9;
        for (int id = 0; id < n; id++) {
            final int rid = id;
            threads.add(Thread.ofVirtual().name("rank-" + id).start(() -> ProcessContext.create(rid, n).run(() -> {
                try {
                    state.put(rid, "building");
                    ProcessContext c = ProcessContext.current();
                    Procs2 p = new Procs2();
                    Range x = new ExtBlockRange(rows, p.dim(0), 1), y = new BlockCyclicRange(cols, p.dim(1), 2);
                    LongMultiarray a = new LongMultiarray(p, x, y);
                    if (!p.isMember(c)) { state.put(rid, "outside the grid"); return; }
                    int m = c.pushApg(p);
                    try {
                        final Block bx = x.localBlock(c, 0, rows - 1, 1);
                        final int mx = c.enterIndex(x);
                        try {
                            assertEquals(p.restrict(p.dim(0), x.crd(c)), c.apg());
                            final long[] dat = a.dat();
                            final int bas = a.bas(), s0 = a.str(0), s1 = a.str(1);
                            final int nx = bx.count(), gbx = bx.glbBase(), gsx = bx.glbStep(), sbx = bx.subBase(), ssx = bx.subStep();
                            for (int kx = 0; kx < nx; kx++) {
                                final int i = gbx + kx * gsx, si = sbx + kx * ssx;
                                final Block by = y.localBlock(c, cols - 1, 0, -1);   // backwards
                                final int my = c.enterIndex(y);
                                try {
                                    for (int seg = 0, ns = by.segments(); seg < ns; seg++) {
                                        by.select(seg);
                                        final int ny = by.count(), gby = by.glbBase(), gsy = by.glbStep(), sby = by.subBase(), ssy = by.subStep();
                                        for (int ky = 0; ky < ny; ky++) {
                                            final int j = gby + ky * gsy;
                                            dat[bas + s0 * si + s1 * (sby + ky * ssy)] = 1000L * i + j;
                                            holders.computeIfAbsent(i + "," + j, k -> new ConcurrentSkipListSet<>()).add(rid);
                                        }
                                    }
                                } finally {
                                    c.restoreApg(my);
                                }
                            }
                        } finally {
                            c.restoreApg(mx);
                        }
                    } finally {
                        c.restoreApg(m);
                    }
                    state.put(rid, "checking");
                    for (int i = 0; i < rows; i++)
                        for (int j = 0; j < cols; j++)
                            if (a.holds(i, j)) assertEquals(1000L * i + j, a.get(i, j), "rank " + rid + " element " + i + "," + j);
                    assertSame(c.world(), c.apg());
                    state.put(rid, "done");
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                    state.put(rid, "failed: " + e);
                } finally {
                    done.countDown();
                }
            })));
        }
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> done.await(), () -> "ranks stuck: " + new TreeMap<>(state));
        for (Thread t : threads) t.join(1000);
        if (failure.get() != null) throw new AssertionError("rank states " + new TreeMap<>(state), failure.get());
        ProcessContext.create(0, n).run(() -> {
            Procs2 p = new Procs2();
            for (int i = 0; i < rows; i++)
                for (int j = 0; j < cols; j++) {
                    Set<Integer> expected = new TreeSet<>();
                    expected.add(p.rankAt(Math.min(i / ((rows + p.extent(0) - 1) / p.extent(0)), p.extent(0) - 1), (j / 2) % p.extent(1)));
                    assertEquals(expected, new TreeSet<>(holders.getOrDefault(i + "," + j, Set.of())), "holders of " + i + "," + j + " " + Arrays.toString(p.shape()));
                }
        });
    }
}

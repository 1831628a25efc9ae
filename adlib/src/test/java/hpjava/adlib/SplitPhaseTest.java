package hpjava.adlib;

import hpjava.lang.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opentest4j.AssertionFailedError;

import java.time.Duration;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Split-phase schedules ({@code start()}/{@code complete()}, {@code Adlib.writeHaloStart}, {@code Adlib.remapStart})
 * on mt: every storage cell after a split writeHalo equals the sequential model of the blocking form (random ranks,
 * widths and modes, corners included, so the one-phase plan is checked against the dimension-by-dimension one);
 * the array may be written in its interior between start and complete; misuse, collective mismatch and deadlock are
 * reported as for the blocking form.
 */
class SplitPhaseTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 6, 9})
    void splitWriteHaloFillsWhatTheBlockingFormFills(int np) {
        Spmd.run(np, Duration.ofSeconds(60), (me, n) -> {
            for (int cfg = 0; cfg < 30; cfg++) {
                Random rnd = new Random(5000L * np + cfg);
                int rank = 1 + rnd.nextInt(3);
                Procs p = new Procs(Procs.nearCubicShape(np, Math.min(rank, 1 + rnd.nextInt(3))));
                Range[] x = new Range[rank];
                for (int r = 0; r < rank; r++) {
                    int size = rnd.nextInt(rank == 3 ? 7 : 13);
                    x[r] = r < p.rank() ? new ExtBlockRange(size, p.dim(r), rnd.nextInt(3), rnd.nextInt(3)) : new CollapsedRange(size);
                }
                int[] wlo = new int[rank], whi = new int[rank], mode = new int[rank];
                for (int r = 0; r < rank; r++) {
                    wlo[r] = rnd.nextInt(x[r].loExtension() + 1);
                    whi[r] = rnd.nextInt(x[r].hiExtension() + 1);
                    mode[r] = rnd.nextInt(3);
                }
                String type = WriteHaloTest.TYPES[rnd.nextInt(WriteHaloTest.TYPES.length)];
                Multiarray a = Elems.create(type, null, x);
                String what = "split config " + cfg + ": " + a.describe() + " wlo " + Arrays.toString(wlo) + " whi "
                        + Arrays.toString(whi) + " mode " + Arrays.toString(mode);
                Spmd.note(what);
                WriteHalo h = new WriteHalo(a, wlo, whi, mode);
                for (int round = 0; round < 2; round++) {     // the plan is reused
                    long seed = cfg * 7919L + round;
                    Elems.fill(Elems.dat(a), Elems.sentinel(type));
                    Elems.init(a, type, seed);
                    h.start();
                    assertTrue(h.isStarted());
                    h.complete();
                    WriteHaloTest.check(a, type, seed, wlo, whi, mode, what + " round " + round);
                }
                // the static form, on the same array
                long seed = cfg * 7919L + 7;
                Elems.fill(Elems.dat(a), Elems.sentinel(type));
                Elems.init(a, type, seed);
                Adlib.writeHaloStart(a, wlo, whi, mode).complete();
                WriteHaloTest.check(a, type, seed, wlo, whi, mode, what + " static form");
            }
        });
    }

    /** Owned cells written between start and complete keep the new values; ghosts hold the values at start. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void theInteriorMayBeComputedWhileTheGhostsTravel(int np) {
        Spmd.run(np, Duration.ofSeconds(30), (me, n) -> {
            Procs2 p = new Procs2();
            Range x = new ExtBlockRange(12, p.dim(0)), y = new ExtBlockRange(10, p.dim(1));
            DoubleMultiarray a = new DoubleMultiarray(p, x, y), b = new DoubleMultiarray(p, x, y);
            for (int round = 0; round < 3; round++) {
                fill(a, round);
                WriteHalo h = Adlib.writeHaloStart(a);
                fill(b, 100 + round);       // other data changes meanwhile
                h.complete();
                fill(b, round);
                Adlib.writeHalo(b);
                assertArrayEquals((double[]) b.storage(), (double[]) a.storage(), "round " + round);
            }
        });
    }

    private static void fill(DoubleMultiarray a, int seed) {
        Range x = a.rng(0), y = a.rng(1);
        double[] d = (double[]) a.storage();
        Block bx = x.localBlock(), by = y.localBlock();
        for (int i = 0; i < bx.count(); i++)
            for (int j = 0; j < by.count(); j++)
                d[a.bas() + a.str(0) * (bx.subBase() + i * bx.subStep()) + a.str(1) * (by.subBase() + j * by.subStep())] =
                        seed * 1000 + (bx.glbBase() + i) * 37 + by.glbBase() + j;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void splitRemapAndShiftEqualTheBlockingForms(int np) {
        Spmd.run(np, Duration.ofSeconds(30), (me, n) -> {
            Procs1 p = new Procs1(n);
            Range bl = new BlockRange(23, p.dim(0)), cy = new CyclicRange(23, p.dim(0));
            DoubleMultiarray src = new DoubleMultiarray(p, bl), want = new DoubleMultiarray(p, cy), got = new DoubleMultiarray(p, cy);
            for (int round = 0; round < 2; round++) {
                double[] s = (double[]) src.storage();
                for (int i = 0; i < s.length; i++) s[i] = 31 * me + i + round;
                Adlib.remap(want, src);
                Remap r = Adlib.remapStart(got, src);
                Arrays.fill(s, -1);          // the source may change once the transfer started
                r.complete();
                assertArrayEquals((double[]) want.storage(), (double[]) got.storage());
                for (int i = 0; i < s.length; i++) s[i] = 31 * me + i + round;
                DoubleMultiarray shifted = new DoubleMultiarray(p, bl), wantShifted = new DoubleMultiarray(p, bl);
                Shift sh = new Shift(shifted, src, 3, 0, true);
                sh.start();
                sh.complete();
                Adlib.cshift(wantShifted, src, 3);
                assertArrayEquals((double[]) wantShifted.storage(), (double[]) shifted.storage());
            }
        });
    }

    @Test
    void misuseIsRefusedWithTheCall() {
        Spmd.run(2, Duration.ofSeconds(30), (me, n) -> {
            Procs1 p = new Procs1(n);
            DoubleMultiarray a = new DoubleMultiarray(p, new ExtBlockRange(8, p.dim(0)));
            WriteHalo h = new WriteHalo(a);
            AdlibException e = assertThrows(AdlibException.class, h::complete);
            assertTrue(e.getMessage().contains("writeHalo(double [8]") && e.getMessage().contains("complete() without start()"), e.getMessage());
            h.start();
            e = assertThrows(AdlibException.class, h::start);
            assertTrue(e.getMessage().contains("start() again before complete()"), e.getMessage());
            e = assertThrows(AdlibException.class, h::execute);
            assertTrue(e.getMessage().contains("run again before the complete()"), e.getMessage());
            h.complete();
            WriteHalo s = Adlib.writeHaloStart(a);
            e = assertThrows(AdlibException.class, () -> Adlib.writeHalo(a));
            assertTrue(e.getMessage().contains("run again before the complete()"), e.getMessage());
            s.complete();
            Adlib.writeHalo(a);
        });
    }

    @Test
    void aMismatchedSplitCallIsReported() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> Spmd.run(2, Duration.ofSeconds(30), (me, n) -> {
            Procs1 p = new Procs1(n);
            DoubleMultiarray a = new DoubleMultiarray(p, new ExtBlockRange(8, p.dim(0), 2));
            WriteHalo h = me == 0 ? Adlib.writeHaloStart(a) : Adlib.writeHaloStart(a, new int[] {1}, new int[] {1});
            h.complete();
        }));
        assertTrue(e.getMessage().contains("collective mismatch"), e.getMessage());
    }

    @Test
    void aCompleteThatNoPeerAnswersIsADeadlockNamingIt() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> Spmd.run(2, Duration.ofSeconds(30), (me, n) -> {
            Procs1 p = new Procs1(n);
            DoubleMultiarray a = new DoubleMultiarray(p, new ExtBlockRange(8, p.dim(0)));
            if (me == 0) {
                WriteHalo h = new WriteHalo(a);
                h.start();
                h.complete();           // waits for rank 1's ghosts, which never come
            } else {
                Adlib.sum(a);           // waits for rank 0 in a reduction
            }
        }));
        String m = e.getMessage();
        assertTrue(m.contains("deadlock"), m);
        assertTrue(m.contains("in WriteHalo.complete"), "names the split-phase call: " + m);
    }
}

package hpjava.adlib;

import hpjava.lang.BlockRange;
import hpjava.lang.ExtBlockRange;
import hpjava.lang.FloatMultiarray;
import hpjava.lang.Procs;
import hpjava.lang.Procs1;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@link Checking#plan}: schedules planned in a mode keep it for their life, whatever the JVM's default; unchecked
 * schedules give the same results as checked ones and really check nothing; the default comes back after the plan.
 */
class CheckingPlanTest {

    /** The same writeHalo and maxval, planned off, on and agree-first in one JVM, interleaved: the same results. */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void everyModeGivesTheSameResults(int np) {
        Spmd.run(np, Duration.ofSeconds(60), (me, n) -> {
            Procs p = new Procs(Procs.nearCubicShape(np, 2));
            FloatMultiarray a = new FloatMultiarray(new ExtBlockRange(13, p.dim(0), 1), new ExtBlockRange(10, p.dim(1), 1));
            FloatMultiarray s = new FloatMultiarray(new BlockRange(8, p.dim(0)), new BlockRange(8, p.dim(1)));
            String[] modes = {"off", "on", "agree-first"};
            WriteHalo[] halos = new WriteHalo[3];
            Reduction[] maxes = new Reduction[3];
            for (int m = 0; m < 3; m++) {
                halos[m] = Checking.plan(modes[m], () -> new WriteHalo(a));
                maxes[m] = Checking.plan(modes[m], () -> Reduction.of(Reduction.Op.MAXVAL, s, null));
            }
            for (int it = 0; it < 6; it++) {
                int m = it % 3;
                Elems.fill(a.dat(), Float.NaN);
                Elems.init(a, "float", 10 * it);
                halos[m].execute();
                WriteHaloTest.check(a, "float", 10 * it, new int[] {1, 1}, new int[] {1, 1},
                        new int[] {Adlib.EDGE, Adlib.EDGE}, modes[m] + ", iteration " + it);
                Elems.init(s, "float", it);
                maxes[m].execute();
                float want = Float.NEGATIVE_INFINITY;
                for (int k = 0; k < 64; k++) want = Math.max(want, (Float) Elems.value("float", it + k));
                assertEquals(want, (float) maxes[m].doubleValue(), modes[m]);
            }
        });
    }

    /**
     * Reductions over arrays of different shapes: planned off they combine silently (nothing is checked); planned
     * on they fail on every member with the mismatch report; and a schedule planned after {@code plan} returned is
     * checked again (the JVM's default, on in tests).
     */
    @Test
    void offChecksNothingAndTheDefaultComesBack() {
        Spmd.run(2, Duration.ofSeconds(60), (me, n) -> {
            Procs1 p = new Procs1(2);
            FloatMultiarray x = new FloatMultiarray(new BlockRange(me == 0 ? 8 : 6, p.dim(0)));
            Reduction off = Checking.plan("off", () -> Reduction.of(Reduction.Op.MAXVAL, x, null));
            off.execute();
            Reduction on = Checking.plan("on", () -> Reduction.of(Reduction.Op.MAXVAL, x, null));
            AdlibException e = assertThrows(AdlibException.class, on::execute);
            assertTrue(e.getMessage().contains("collective mismatch"), e.getMessage());
            Reduction byDefault = Reduction.of(Reduction.Op.MAXVAL, x, null);
            e = assertThrows(AdlibException.class, byDefault::execute);
            assertTrue(e.getMessage().contains("collective mismatch"), e.getMessage());
        });
    }

    /**
     * A transfer whose ranks disagree on checking (one planned on, one off: a job launched with different
     * {@code hpjava.adlib.check} values) fails on both ranks with a report naming the modes: the checked rank receives
     * a message without check words, the unchecked one a message with them (before, the unchecked rank read the
     * check section as data and failed with a device error about section types).
     */
    @Test
    void ranksThatDisagreeOnCheckingFailWithAClearReport() {
        Spmd.run(2, Duration.ofSeconds(60), (me, n) -> {
            Procs p = new Procs(new int[] {2, 1});
            FloatMultiarray a = new FloatMultiarray(new ExtBlockRange(8, p.dim(0), 1), new ExtBlockRange(6, p.dim(1), 1));
            WriteHalo halo = Checking.plan(me == 0 ? "on" : "off", () -> new WriteHalo(a));
            AdlibException e = assertThrows(AdlibException.class, halo::execute);
            String want = me == 0 ? "checked, but rank 1 sent a message without check words"
                                  : "unchecked, but rank 0 sent a message with check words";
            assertTrue(e.getMessage().contains("collective mismatch between ranks " + me) && e.getMessage().contains(want),
                    e.getMessage());
        });
    }

    @Test
    void unknownModeIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Checking.plan("sometimes", () -> null));
        assertEquals("Checking.plan: unknown mode 'sometimes' (expected on, off or agree-first)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Checking.plan(null, () -> null));
    }
}

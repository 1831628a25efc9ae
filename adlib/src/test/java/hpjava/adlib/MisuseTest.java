package hpjava.adlib;

import hpjava.lang.*;
import hpjava.mpjdev.DeviceException;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Misuse gives an AdlibException with a clear message on every APG member, before any message is sent (so a valid
 * collective right after still works); a collective that only part of the APG calls ends in the device's report
 * instead of a hang.
 */
class MisuseTest {

    static void expect(String fragment, Runnable r) {
        AdlibException e = assertThrows(AdlibException.class, r::run);
        assertTrue(e.getMessage().contains(fragment), "message '" + e.getMessage() + "' lacks '" + fragment + "'");
    }

    @Test
    void argumentErrorsOnEveryMember() {
        Spmd.run(4, Duration.ofSeconds(60), (me, np) -> {
            Procs p = new Procs2(2, 2);
            FloatMultiarray a = new FloatMultiarray(new ExtBlockRange(8, p.dim(0), 1), new ExtBlockRange(6, p.dim(1), 1));
            FloatMultiarray b = new FloatMultiarray(new BlockRange(6, p.dim(0)), new BlockRange(8, p.dim(1)));
            FloatMultiarray c = new FloatMultiarray(new CyclicRange(8, p.dim(0)), new BlockRange(6, p.dim(1)));
            IntMultiarray i = new IntMultiarray(new ExtBlockRange(8, p.dim(0), 1), new ExtBlockRange(6, p.dim(1), 1));
            expect("shapes differ", () -> Adlib.remap(a, b));
            expect("element types differ", () -> Adlib.remap(a, i));
            expect("outside 0..1", () -> Adlib.writeHalo(a, new int[] {2, 0}, new int[] {0, 0}, new int[] {Adlib.EDGE, Adlib.EDGE}));
            expect("wlo has 1 entries", () -> Adlib.writeHalo(a, new int[] {1}, new int[] {0, 0}, new int[] {0, 0}));
            expect("not Adlib.EDGE, Adlib.CYCL or Adlib.NONE", () -> Adlib.writeHalo(a, new int[] {1, 1}, new int[] {1, 1}, new int[] {0, 7}));
            expect("not identically aligned", () -> Adlib.shift(c, a, 1, 0));
            expect("dimension 2 does not exist", () -> Adlib.cshift(a, a, 1, 2));
            expect("rank-1 arrays", () -> Adlib.shift(a, a, 1));
            expect("loc must have 2 elements", () -> Adlib.maxloc(new int[1], a));
            expect("rank-0 section", () -> Adlib.broadcast(a));
            expect("root 4 is not a member", () -> Adlib.broadcast(1.0f, 4));
            expect("not distributed like", () -> Adlib.sum(a, new BooleanMultiarray(new BlockRange(8, p.dim(1)), new BlockRange(6, p.dim(0)))));
            expect("needs 2 subscript arrays", () -> Adlib.gather(b, a, i));
            expect("more conversions", () -> Adlib.aprintf("%d %d%N", i));
            expect("does not fit", () -> Adlib.aprintf("%d%N", a));
            // a valid collective afterwards still works: nothing was sent by the failed calls
            for (int g0 = 0; g0 < 8; g0++) for (int g1 = 0; g1 < 6; g1++) if (a.holds(g0, g1)) a.set(g0 * 10 + g1, g0, g1);
            assertEquals(75f, Adlib.maxval(a));
        });
    }

    @Test
    void arrayOutsideTheApg() {
        Spmd.run(4, Duration.ofSeconds(60), (me, np) -> {
            ProcessContext ctx = ProcessContext.current();
            DoubleMultiarray a = new DoubleMultiarray(new BlockRange(10, new Procs1(4).dim(0)));
            Procs half = new Procs(2);
            if (half.isMember()) {
                int m = ctx.pushApg(half);
                try {
                    expect("outside the active process group", () -> Adlib.sum(a));
                    expect("outside the active process group", () -> Adlib.writeHalo(a));
                    expect("outside the active process group", () -> Adlib.remap(a, a));
                } finally {
                    ctx.restoreApg(m);
                }
            }
            assertEquals(0.0, Adlib.sum(a));
        });
    }

    @Test
    void badSubscriptOnOneProcessFailsEverywhere() {
        Spmd.run(3, Duration.ofSeconds(60), (me, np) -> {
            Procs1 p = new Procs1(3);
            IntMultiarray dst = new IntMultiarray(new BlockRange(9, p.dim(0))), src = new IntMultiarray(new CyclicRange(9, p.dim(0)));
            IntMultiarray subs = new IntMultiarray(new BlockRange(9, p.dim(0)));
            for (int k = 0; k < 9; k++) if (subs.holds(k)) subs.set(k == 7 ? 9 : 8 - k, k);   // 9 is out of range, held by rank 2
            AdlibException e = assertThrows(AdlibException.class, () -> Adlib.gather(dst, src, subs));
            assertTrue(e.getMessage().contains(me == 2 ? "subscript 9 (subscript array 0) is outside 0..8" : "process 2"), e.getMessage());
        });
    }

    @Test
    void collectiveCalledByPartOfTheApgEndsWithTheDeviceReport() {
        Spmd.run(2, Duration.ofSeconds(60), (me, np) -> {
            DoubleMultiarray a = new DoubleMultiarray(new BlockRange(10, new Procs1(2).dim(0)));
            if (me == 0) assertThrows(DeviceException.class, () -> Adlib.writeHalo(new DoubleMultiarray(
                    new ExtBlockRange(10, new Procs1(2).dim(0), 1))));
            if (me == 0) assertThrows(DeviceException.class, () -> Adlib.sum(a));
        });
    }
}

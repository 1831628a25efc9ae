package hpjava.adlib.backends;

import hpjava.adlib.Adlib;
import hpjava.adlib.Remap;
import hpjava.adlib.WriteHalo;
import hpjava.lang.Multiarray;

import java.util.Arrays;

/**
 * Split-phase cases ({@code start()}/{@code complete()}): writeHalo through the static {@code writeHaloStart} and a
 * reused schedule, every storage cell checked against the model of the blocking form (so 2-D and 3-D corners test the
 * one-message-per-neighbour plan on every backend), and a split remap whose source is overwritten after the start.
 */
final class SplitPhaseCases {
    private SplitPhaseCases() {}

    static void all(AdlibCheck c) {
        Object[][] cases = {
                // layout, shape, wlo, whi, mode (null: the full form)
                {"X2", new int[] {13}, null, null, null},
                {"X1,X2.1", new int[] {7, 9}, null, null, null},
                {"X1,X2.1", new int[] {7, 9}, new int[] {1, 2}, new int[] {0, 1}, new int[] {Adlib.CYCL, Adlib.EDGE}},
                {"X1,X1", new int[] {8, 6}, new int[] {1, 1}, new int[] {1, 1}, new int[] {Adlib.CYCL, Adlib.CYCL}},
                {"X1,*,X1", new int[] {4, 3, 5}, null, null, null},
        };
        Elem[] types = {Elem.DOUBLE, Elem.FLOAT, Elem.INT, Elem.OBJECT, Elem.LONG};
        int n = 0;
        for (Object[] cs : cases) {
            Layout l = Layout.of((String) cs[0]);
            int[] shape = (int[]) cs[1], wlo = (int[]) cs[2], whi = (int[]) cs[3], mode = (int[]) cs[4];
            Elem t = types[n++ % types.length];
            String what = "split.writeHalo." + t.label() + "." + l + Arrays.toString(shape)
                    + (wlo == null ? ".full" : ".lo" + Arrays.toString(wlo) + "hi" + Arrays.toString(whi) + "mode" + Arrays.toString(mode));
            c.run(what, false, () -> {
                Multiarray a = l.create(t, shape);
                int[] lo = wlo, hi = whi, md = mode;
                if (wlo == null) {
                    lo = new int[shape.length];
                    hi = new int[shape.length];
                    md = new int[shape.length];
                    for (int r = 0; r < shape.length; r++) { lo[r] = a.rng(r).loExtension(); hi[r] = a.rng(r).hiExtension(); }
                }
                WriteHalo h = new WriteHalo(a, lo, hi, md);
                for (int round = 0; round < 2; round++) {
                    Data.fillStorage(a, t.sentinel());
                    Data.fill(a, t, 900 + round);
                    h.start();
                    h.complete();
                }
                MovementCases.gatherStorage(what + " (schedule)", a, t, Data.fill(a, t, 901), lo, hi, md);
                Data.fillStorage(a, t.sentinel());
                Object[] ref = Data.fill(a, t, 700);
                (wlo == null ? Adlib.writeHaloStart(a) : Adlib.writeHaloStart(a, wlo, whi, mode)).complete();
                return MovementCases.gatherStorage(what, a, t, ref, lo, hi, md);
            });
        }
        Layout from = Layout.of("B,C"), to = Layout.of("C,K2");
        c.run("split.remap.double." + from + ">" + to + "[7,9]", true, () -> {
            Multiarray src = from.create(Elem.DOUBLE, 7, 9), dst = to.create(Elem.DOUBLE, 7, 9);
            Object[] ref = Data.fill(src, Elem.DOUBLE, 1300);
            Remap r = Adlib.remapStart(dst, src);
            Data.fill(src, Elem.DOUBLE, 1301);   // the source may change once the transfer started
            r.complete();
            return Data.check("split remap", dst, Elem.DOUBLE, ref);
        });
    }
}

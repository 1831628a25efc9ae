package hpjava.adlib;

import hpjava.lang.*;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.reflect.Array;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/**
 * writeHalo against a sequential model: random ranks 1-3, extents, ghost extensions, widths and modes; before the
 * update every storage cell holds a sentinel and owned cells a value of their global index; after it, every storage
 * cell (owned, ghost, padding) is checked element by element: a ghost within the widths whose index is in range (or,
 * in CYCL, wrapped) holds the owner's value, everything else keeps the sentinel, corners included.
 */
class WriteHaloTest {
    static final String[] TYPES = {"int", "float", "double", "long", "short", "Object", "char", "byte"};

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9})
    void randomConfigurations(int np) {
        Spmd.run(np, Duration.ofSeconds(60), (me, n) -> {
            for (int cfg = 0; cfg < 30; cfg++) {
                Random rnd = new Random(1000L * np + cfg);
                runOne(rnd, np, cfg, 3);
            }
        });
    }

    static void runOne(Random rnd, int np, int cfg, int maxRank) {
        int rank = 1 + rnd.nextInt(maxRank);
        int gridRank = Math.min(rank, 1 + rnd.nextInt(2));
        Procs p = new Procs(Procs.nearCubicShape(np, gridRank));
        Range[] x = new Range[rank];
        for (int r = 0; r < rank; r++) {
            int ext = rank == 4 ? 5 : rank == 3 ? 7 : 13;
            int size = rnd.nextInt(ext);
            x[r] = r < gridRank ? new ExtBlockRange(size, p.dim(r), rnd.nextInt(3), rnd.nextInt(3)) : new CollapsedRange(size);
        }
        String type = TYPES[rnd.nextInt(TYPES.length)];
        boolean full = rnd.nextInt(4) == 0;
        int[] wlo = new int[rank], whi = new int[rank], mode = new int[rank];
        for (int r = 0; r < rank; r++) {
            wlo[r] = full ? x[r].loExtension() : rnd.nextInt(x[r].loExtension() + 1);
            whi[r] = full ? x[r].hiExtension() : rnd.nextInt(x[r].hiExtension() + 1);
            mode[r] = full ? Adlib.EDGE : rnd.nextInt(3);
        }
        Multiarray a = Elems.create(type, null, x);
        long seed = cfg * 7919L;
        String what = "config " + cfg + ": " + a.describe() + " wlo " + Arrays.toString(wlo) + " whi " + Arrays.toString(whi)
                + " mode " + Arrays.toString(mode);
        Spmd.note(what);
        Object d = Elems.dat(a);
        Object sentinel = Elems.sentinel(type);
        Elems.fill(d, sentinel);
        Elems.init(a, type, seed);
        if (full) Adlib.writeHalo(a); else Adlib.writeHalo(a, wlo, whi, mode);
        check(a, type, seed, wlo, whi, mode, what);
        // a second update (cached schedule) after changing the data
        Elems.init(a, type, seed + 1);
        if (full) Adlib.writeHalo(a); else Adlib.writeHalo(a, wlo, whi, mode);
        check(a, type, seed + 1, wlo, whi, mode, what + " (second call)");
    }

    static void check(Multiarray a, String type, long seed, int[] wlo, int[] whi, int[] mode, String what) {
        if (!a.isMember()) return;
        Object d = Elems.dat(a);
        int rank = a.rank();
        int[] ext = new int[rank];
        for (int r = 0; r < rank; r++) ext[r] = a.rng(r).storageExtent();
        int[] shape = a.shape();
        Elems.forEach(ext, s -> {
            int[] g = new int[rank];
            boolean valid = true;
            for (int r = 0; r < rank && valid; r++) {
                g[r] = source(a.rng(r), s[r], wlo[r], whi[r], mode[r]);
                valid = g[r] >= 0;
            }
            int off = a.bas();
            for (int r = 0; r < rank; r++) off += a.str(r) * s[r];
            Object want = valid ? Elems.value(type, seed + Elems.linear(g, shape)) : Elems.sentinel(type);
            Object got = Array.get(d, off);
            if (!Elems.same(want, got))
                fail(what + ": storage cell " + Arrays.toString(s) + " holds " + got + ", expected " + want
                        + (valid ? " (element " + Arrays.toString(g) + ")" : " (untouched)"));
        });
    }

    /** The global index whose value storage position s of the calling process must hold, or -1 (untouched). */
    static int source(Range x, int s, int wlo, int whi, int mode) {
        int n = x.size();
        int c = x.crd();
        if (n == 0) return -1;
        Block b = x.block(c, 0, n - 1, 1);
        if (b.count() == 0) return -1;
        int lo = b.glbBase(), hi = lo + b.count() - 1;
        int g = lo + (s - x.localSubscript(c, lo));
        if (g >= lo && g <= hi) return g;
        if (mode == Adlib.NONE) return -1;
        boolean inWidth = (g < lo && g >= lo - wlo) || (g > hi && g <= hi + whi);
        if (!inWidth) return -1;
        if (g >= 0 && g < n) return g;
        return mode == Adlib.CYCL ? Math.floorMod(g, n) : -1;
    }
}

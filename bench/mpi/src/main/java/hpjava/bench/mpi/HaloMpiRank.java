package hpjava.bench.mpi;

import hpjava.adlib.Adlib;
import hpjava.bench.adlib.HaloEdges;
import hpjava.bench.adlib.HaloRank;
import hpjava.bench.adlib.HandExchange;
import hpjava.lang.ExtBlockRange;
import hpjava.lang.FloatMultiarray;
import hpjava.lang.ProcessContext;
import hpjava.lang.Procs;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.NativeCollectives;
import hpjava.mpjdev.RankContext;
import java.util.Arrays;
import java.util.Locale;
import mpi.MPIException;

/**
 * writeHalo on the mpi backend against the same exchange written by hand with the raw Open MPI Java binding
 * ({@link RawMpiHaloExchange}) and over mpjdev ({@link HandExchange}), in one job:
 * <pre>hpjava.mpjdev.Launcher --backend mpi --np N hpjava.bench.mpi.HaloMpiRank [n] [rounds] [calls]</pre>
 * An n x n float array (default 2048), {@code ExtBlockRange} with ghost width 1 on both dimensions of a near-square
 * grid. After a warm-up of {@value #WARMUP} updates of each and a check that all three fill the same cells, every round takes one sample of
 * each variant in an order rotated every round; a sample is {@code calls} back-to-back updates between barriers,
 * timed on rank 0 (µs per update). Rank 0 prints one line per round ({@code round R writeHalo W hand H raw M}) and
 * a Markdown row of medians.
 */
public final class HaloMpiRank {
    private HaloMpiRank() {}

    /** Warm-up updates of each variant before the check and the timed rounds. */
    static final int WARMUP = 5000;

    public static void main(String[] args) throws MPIException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2048;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 31;
        int calls = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        if (n < 4 || rounds < 1 || calls < 1) {
            throw new IllegalArgumentException("HaloMpiRank [n>=4] [rounds>=1] [calls>=1], got " + Arrays.toString(args));
        }
        RankContext rc = RankContext.current();
        Comm world = rc.world();
        if (!world.backendName().equals("mpi")) {
            throw new IllegalArgumentException("HaloMpiRank runs on the mpi backend, not " + world.backendName());
        }
        ProcessContext.create(rc.rank(), world.size()).run(() -> {
            try {
                run(world, n, rounds, calls);
            } catch (MPIException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static void run(Comm world, int n, int rounds, int calls) throws MPIException {
        int np = world.size();
        NativeCollectives coll = world.collectives().orElseThrow();
        Procs p = new Procs(Procs.nearCubicShape(np, 2));
        FloatMultiarray a = new FloatMultiarray(new ExtBlockRange(n, p.dim(0), 1), new ExtBlockRange(n, p.dim(1), 1));
        HandExchange hand = new HandExchange(world.create(HaloRank.allRanks(np)), p, a);
        RawMpiHaloExchange raw = new RawMpiHaloExchange(a.dat(), new HaloEdges(p, a, world.id()));
        float[] d = a.dat();
        for (int i = 0; i < d.length; i++) d[i] = i;
        // Warm-up long enough for C2 to compile every variant's path (300 updates were not: the mpjdev variants then ran
        // 1.6x the raw exchange at np 2; after 5000 updates, as after 20000 timed ones, they run within 1.1x of it).
        for (int i = 0; i < WARMUP; i++) {
            Adlib.writeHalo(a);
            hand.exchange();
            raw.exchange();
        }
        HaloRank.check(a, hand::exchange);
        HaloRank.check(a, raw::exchange);
        double[] tw = new double[rounds], th = new double[rounds], tr = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < 3; k++) {
                switch ((r + k) % 3) {
                    case 0 -> tw[r] = HaloRank.sample(coll, calls, () -> Adlib.writeHalo(a));
                    case 1 -> th[r] = HaloRank.sample(coll, calls, hand::exchange);
                    default -> tr[r] = HaloRank.sample(coll, calls, raw::exchange);
                }
            }
            if (world.id() == 0) {
                System.out.printf(Locale.ROOT, "round %d writeHalo %.1f hand %.1f raw %.1f%n", r, tw[r], th[r], tr[r]);
            }
        }
        if (world.id() == 0) {
            double w = HaloRank.median(tw), h = HaloRank.median(th), m = HaloRank.median(tr);
            System.out.printf(Locale.ROOT, "| %d | %dx%d float, ghost 1, grid %s | %.1f | %.1f | %.1f | %.2f | %.2f |%n", np,
                    n, n, Arrays.toString(p.shape()), w, h, m, w / m, h / m);
        }
    }
}

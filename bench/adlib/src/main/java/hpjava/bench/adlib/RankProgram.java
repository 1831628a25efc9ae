package hpjava.bench.adlib;

import hpjava.lang.ProcessContext;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.NativeCollectives;
import hpjava.mpjdev.RankContext;

/**
 * What the rank programs of this module ({@link HaloRank}, {@link ReduceRank}) share: the arguments
 * {@code n rounds calls}, running the body inside a process context of all ranks, and the device barrier that
 * brackets every sample.
 */
final class RankProgram {
    private RankProgram() {}

    /** The measured part of a rank program. */
    interface Body {
        void run(int n, int rounds, int calls);
    }

    /** Parses {@code n rounds calls} and runs {@code body} on this rank in a process context of the whole job. */
    static void main(String[] args, Body body) {
        int n = Integer.parseInt(args[0]), rounds = Integer.parseInt(args[1]), calls = Integer.parseInt(args[2]);
        RankContext rc = RankContext.current();
        ProcessContext.create(rc.rank(), rc.world().size()).run(() -> body.run(n, rounds, calls));
    }

    /** The device's native collectives of {@code world}, for the barrier between samples. */
    static NativeCollectives barrierOf(Comm world) {
        return world.collectives().orElseThrow(() -> new IllegalStateException("needs a backend with a barrier"));
    }
}

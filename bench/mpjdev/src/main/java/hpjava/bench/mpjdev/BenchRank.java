package hpjava.bench.mpjdev;

import hpjava.mpjdev.Comm;

/**
 * The program each rank runs (launched by {@link MpjdevBench}): rank 0 drives the measurements over the device
 * ({@link Driver#drive}), rank 1 serves ({@link Driver#serve}), other ranks return at once.
 *
 * <p>Patterns, after OMB: <b>latency</b> is a ping-pong, reported as half the round trip; <b>bandwidth</b> streams
 * a window of non-blocking sends answered by non-blocking receives, then a small acknowledgement, per iteration;
 * reported as time per message and bytes per second.
 */
public final class BenchRank {
    private BenchRank() {}

    public static void main(String[] args) {
        BenchOptions opt = BenchOptions.parse(args);
        Comm world = Comm.world();
        if (world.size() < 2) throw new IllegalArgumentException("the benchmark needs at least 2 ranks, got " + world.size());
        if (world.id() > 1) return;
        DeviceLink link = new DeviceLink(world, opt.window());
        try {
            if (world.id() == 0) {
                Report.header(opt, System.out);
                Driver.drive(link, opt, System.out);
            } else {
                Driver.serve(link, opt);
            }
        } finally {
            link.close();
        }
    }
}

package hpjava.bench.mpjdev;

import java.io.PrintStream;

/**
 * Runs the measuring plan over {@link RawThreadsLink}: the raw-Java baseline of {@code --backend raw-threads}, two
 * platform threads of this JVM, for byte and double arrays (objects are left out: they would measure serialization,
 * not the hand-off). Output in the same format, {@code backend=raw-threads}.
 */
final class RawThreadsBaseline {
    /** The name that selects the baseline instead of a device backend. */
    static final String NAME = "raw-threads";

    private RawThreadsBaseline() {}

    static int run(BenchOptions opt, PrintStream out) throws InterruptedException {
        BenchOptions plan = withoutObjects(opt);
        if (plan.kinds().isEmpty()) {
            System.err.println("mpjdev-bench: " + Kind.RAW_OBJECTS + "; choose --kinds byte and/or double");
            return 2;
        }
        RawThreadsLink.Channel ch = new RawThreadsLink.Channel();
        Thread server = Thread.ofPlatform().name("raw-threads-server").daemon(true).start(() -> {
            try {
                Driver.serve(RawThreadsLink.server(ch, plan.window()), plan);
            } catch (Throwable t) {
                ch.failure = t;
            }
        });
        Report.header(opt, out);
        if (opt.kinds().contains(Kind.OBJECT)) out.println("# raw-threads: objects are not measured (" + Kind.RAW_OBJECTS + ")");
        try {
            Driver.drive(RawThreadsLink.driver(ch, plan.window()), plan, out);
        } catch (RuntimeException e) {
            ch.failure = e; // releases the server if it waits
            System.err.println("mpjdev-bench: raw-threads baseline failed: " + e);
            return 1;
        }
        server.join();
        return 0;
    }

    /** The plan without object payloads (both ends use this same plan). */
    static BenchOptions withoutObjects(BenchOptions o) {
        java.util.Set<Kind> kinds = java.util.EnumSet.noneOf(Kind.class);
        kinds.addAll(o.kinds());
        kinds.remove(Kind.OBJECT);
        return new BenchOptions(o.backend(), o.np(), o.tests(), kinds, o.sizes(), o.runs(), o.samples(), o.sampleMillis(),
                o.warmupMillis(), o.window(), o.launcherArgs());
    }
}

package hpjava.mpjdev.mt;

import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.spi.Backend;
import hpjava.mpjdev.spi.RankPrefixedOutput;

import java.io.PrintStream;

/**
 * The {@code mt} backend: the ranks are threads of this JVM (platform threads while they fit on the cores, virtual
 * threads beyond or with {@link LaunchSpec#virtualThreads()}; see {@link MtOptions}), each running the main class loaded by its own {@link hpjava.mpjdev.spi.ProgramClassLoader}, or by one loader for
 * all ranks when the program's classes qualify ({@link StaticStateScan}, option {@code rank-classes}).
 * Runs in-process and returns when every rank has ended (or, after a failure or deadlock, when the others have been
 * released; ranks that never return to the device are abandoned after 3 s).
 *
 * <h2>How it works</h2>
 * Each rank and communicator context has a mailbox (posted receives, unexpected messages) guarded by its monitor.
 * A send that finds a posted receive copies straight into the receiver's buffer; else messages up to the eager limit
 * (option {@code eager}, 64 KiB) are staged in a pooled buffer and the send completes, and larger ones wait for the
 * receiver to copy from the sender's buffer (so a blocking send of a large message blocks until received). A waiter
 * spins with {@link Thread#onSpinWait()} for an adaptive window (option {@code spin}) and then parks; the completing
 * thread unparks it only if it parked.
 *
 * <h2>Failure and deadlock</h2>
 * An uncaught exception in a rank's main thread is printed ({@code mpjdev: rank R failed: ...} and the stack trace),
 * the job is aborted (every blocked device call throws {@link hpjava.mpjdev.JobAbortedException}), and the exit
 * status is 1. A call that waits for a rank that has ended throws {@link hpjava.mpjdev.PeerFailedException}. A
 * watchdog reports a deadlock when every live rank's <em>main thread</em> has been blocked in the device, on
 * operations that cannot complete, for three consecutive 200 ms polls: it prints each rank's pending operation
 * (kind, peer, tag, communicator) and the first stack frame outside {@code hpjava.mpjdev}, then aborts the job with
 * {@link hpjava.mpjdev.DeadlockException}. Limitation: only ranks' main threads are watched; a rank whose main thread
 * waits outside the device (e.g. in {@code Thread.join}) for its own threads that are blocked in the device is not
 * diagnosed. The same detector is the job's watchdog ({@link LaunchSpec#timeoutSeconds()}): when no rank's
 * device-operation count has moved for that long while a rank waits, it prints every rank's state and ends the job
 * with {@link hpjava.mpjdev.watch.JobWatch#HANG_STATUS}.
 *
 * <h2>Capacity</h2>
 * A job of more ranks than the heap can hold is refused before any rank starts ({@link MtCapacity}).
 */
public final class MtBackend implements Backend {

    @Override
    public String name() {
        return "mt";
    }

    @Override
    public String description() {
        return "ranks as threads of one JVM (default; nothing to install; options: "
                + hpjava.mpjdev.spi.BackendOptions.names(MtOptions.KEYS) + ")";
    }

    @Override
    public int launch(LaunchSpec spec) {
        MtOptions options = MtOptions.from(spec.np(), spec.virtualThreads(), spec.options());
        MtCapacity.check(spec.np(), Runtime.getRuntime().maxMemory());
        PrintStream out = System.out, err = System.err;
        if (options.verbose()) err.println(options.describe(spec.np()));
        RankPrefixedOutput pOut = null, pErr = null;
        if (spec.prefixOutput()) {
            pOut = new RankPrefixedOutput(out, spec.np());
            pErr = new RankPrefixedOutput(err, spec.np());
            System.setOut(new PrintStream(pOut, true));
            System.setErr(new PrintStream(pErr, true));
        }
        try {
            return new MtJob(spec, options, err).run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("mpjdev: interrupted while waiting for the ranks");
            return 1;
        } finally {
            if (spec.prefixOutput()) {
                System.out.flush();
                System.err.flush();
                pOut.finish();
                pErr.finish();
                System.setOut(out);
                System.setErr(err);
            }
        }
    }
}

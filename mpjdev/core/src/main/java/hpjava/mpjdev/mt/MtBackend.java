package hpjava.mpjdev.mt;

import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.spi.Backend;
import hpjava.mpjdev.spi.ProgramClassLoader;
import hpjava.mpjdev.spi.ProgramRunner;
import hpjava.mpjdev.spi.RankPrefixedOutput;

import java.io.IOException;
import java.io.PrintStream;

/**
 * The {@code mt} backend: the ranks are threads of this JVM (platform threads, or virtual threads with
 * {@link LaunchSpec#virtualThreads()}), each running the main class loaded by its own {@link ProgramClassLoader}.
 * Runs in-process and returns when every rank has ended (or, after a failure or deadlock, when the others have been
 * released; ranks that never return to the device are abandoned after 3 s).
 */
public final class MtBackend implements Backend {

    @Override
    public String name() {
        return "mt";
    }

    @Override
    public String description() {
        return "ranks as threads of one JVM (default; nothing to install)";
    }

    @Override
    public int launch(LaunchSpec spec) {
        MtOptions options = MtOptions.from(spec.np(), spec.virtualThreads(), spec.options());
        // Fail fast, once, on a missing main class rather than in every rank.
        try (ProgramClassLoader probe = new ProgramClassLoader(-1, spec.classPath(), MtBackend.class.getClassLoader())) {
            ProgramRunner.findMain(probe, spec.mainClass());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the class path: " + e.getMessage());
        }
        PrintStream out = System.out, err = System.err;
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

package hpjava.mpjdev.mpi;

import static org.junit.jupiter.api.Assertions.fail;

import hpjava.mpjdev.LaunchSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Test helper: runs an mpi job (mpirun) with a deadline, collecting its output. When the deadline passes it asks every
 * rank JVM for a thread dump (SIGQUIT: each rank's state is printed), kills the job and fails the test with the
 * output. Outside CI, a machine without Open MPI skips the test with a message; with CI=true that is a failure.
 */
final class MpiJob {
    final int exitStatus;
    final String stdout;
    final String stderr;

    private MpiJob(int exitStatus, String stdout, String stderr) {
        this.exitStatus = exitStatus;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    static MpiJob run(LaunchSpec spec, Duration timeout) {
        Process p;
        try {
            p = MpiBackend.start(spec);
        } catch (MpiLaunchCommand.NotInstalledException e) {
            if ("true".equals(System.getenv("CI"))) fail("CI=true but the mpi backend cannot run: " + e.getMessage());
            Assumptions.abort("mpi backend tests skipped: " + e.getMessage());
            throw new AssertionError("unreachable");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StringBuilder out = new StringBuilder(), err = new StringBuilder();
        Thread to = pump(p.getInputStream(), out), te = pump(p.getErrorStream(), err);
        try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().filter(h -> h.info().command().map(c -> c.endsWith("java")).orElse(false))
                        .forEach(MpiJob::threadDump);
                Thread.sleep(2000);
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                to.join(5000);
                te.join(5000);
                fail("mpi job " + spec.mainClass() + " at np=" + spec.np() + " did not finish within " + timeout
                        + "; each rank's threads:\n" + out + "\nstderr:\n" + err);
            }
            to.join(10_000);
            te.join(10_000);
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            fail("interrupted");
        }
        System.out.print(out);
        System.err.print(err);
        synchronized (out) {
            synchronized (err) {
                return new MpiJob(p.exitValue(), out.toString(), err.toString());
            }
        }
    }

    private static void threadDump(ProcessHandle h) {
        try {
            new ProcessBuilder("kill", "-QUIT", Long.toString(h.pid())).inheritIO().start().waitFor();
        } catch (IOException | InterruptedException e) {
            System.err.println("cannot ask process " + h.pid() + " for a thread dump: " + e);
        }
    }

    private static Thread pump(InputStream in, StringBuilder sink) {
        Thread t = new Thread(() -> {
            byte[] b = new byte[8192];
            try (in) {
                for (int n; (n = in.read(b)) > 0; ) {
                    synchronized (sink) {
                        sink.append(new String(b, 0, n, StandardCharsets.UTF_8));
                    }
                }
            } catch (IOException e) {
                // the job ended
            }
        }, "mpi-job-output");
        t.setDaemon(true);
        t.start();
        return t;
    }
}

package hpjava.mpjdev.mpi;

import hpjava.mpjdev.LaunchSpec;
import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;
import hpjava.testsupport.Requires;
import java.time.Duration;
import java.util.List;

/**
 * Test helper: runs an mpi job (the mpirun command the backend builds) as a {@link ChildProcess} with a deadline,
 * collecting its output (also echoed, for the test report). When the deadline passes the test fails with the thread
 * dump of every rank JVM and the job is killed. A machine without the MPI implementation skips the test outside CI
 * and fails it with {@code CI=true} ({@link Requires}).
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
        List<String> command;
        try {
            command = MpiLaunchCommand.build(spec, System.getenv());
        } catch (MpiLaunchCommand.NotInstalledException e) {
            Requires.that("the mpi backend", e.getMessage(), MpiTestSupport.SETUP);
            throw new AssertionError("unreachable: Requires.that skips or fails", e);
        }
        JobRun r = ChildProcess.of(command).describedAs("mpi job " + spec.mainClass() + " at np=" + spec.np())
                .timeout(timeout).run();
        System.out.print(r.stdout());
        System.err.print(r.stderr());
        return new MpiJob(r.exitStatus(), r.stdout(), r.stderr());
    }
}

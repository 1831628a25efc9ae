package hpjava.mpjdev.spi;

import hpjava.mpjdev.LaunchSpec;

/**
 * A device backend, found by {@link #name()} through {@link java.util.ServiceLoader}.
 *
 * <h2>What a backend module implements and registers</h2>
 * <ol>
 * <li>A public class implementing this interface with a public no-argument constructor, listed in its jar's
 *     {@code META-INF/services/hpjava.mpjdev.spi.Backend}. {@link #name()} is the name users give to
 *     {@code --backend} ({@code "mpi"}, {@code "ucx"}).</li>
 * <li>Subclasses of {@link hpjava.mpjdev.Comm} and {@link hpjava.mpjdev.Request} meeting the contracts documented
 *     on those classes and on the package {@code hpjava.mpjdev} (matching, non-overtaking, buffer lending with
 *     {@link hpjava.mpjdev.Buffer#lendToDevice()}/{@link hpjava.mpjdev.Buffer#returnFromDevice()}, receive through
 *     {@link hpjava.mpjdev.Buffer#prepareReceive(long)} then {@link hpjava.mpjdev.Buffer#completeReceive(int, int)},
 *     no hang on a dead peer); optionally {@link hpjava.mpjdev.NativeCollectives}. The wire bytes are
 *     {@code [0, buffer.length())} of {@link hpjava.mpjdev.Buffer#segment()}, native memory, sendable without a copy.
 *     The conformance suite (artifact mpjdev-conformance) must pass.</li>
 * <li>{@link #launch(LaunchSpec)}: start {@code np} ranks (e.g. {@code mpirun -np N java ... YourRankMain}); in each
 *     rank process create the world communicator, then use {@link ProgramRunner}: it builds the per-rank
 *     {@link ProgramClassLoader}, binds the {@link hpjava.mpjdev.RankContext} ({@code bindProcess}), runs the main
 *     class and reports an uncaught exception in the standard form. Honour {@link LaunchSpec#prefixOutput()}.
 *     Return the job's exit status: 0 when every rank's main returned normally; 1 when a rank failed (the failure
 *     reported on standard error as {@code "mpjdev: rank R failed: ..."} with its stack trace) or a deadlock or
 *     failure was diagnosed; 3 when the backend cannot run here (say why on standard error, e.g. "Open MPI's mpirun
 *     not found"); {@link hpjava.mpjdev.watch.JobWatch#HANG_STATUS} when the watchdog ended a hung job
 *     ({@link LaunchSpec#timeoutSeconds()}). Never hang when a rank dies: the job ends and the other ranks' blocked
 *     calls throw. A backend of one process per rank runs a {@link hpjava.mpjdev.watch.JobWatch} with its job,
 *     gives its ranks {@code rankJvmArgs()}, starts a {@link hpjava.mpjdev.watch.RankReporter} in each rank and
 *     calls the {@link hpjava.mpjdev.watch.Activity} hooks at its blocking calls.</li>
 * </ol>
 */
public interface Backend {

    /** The name users select the backend by; lower case, unique. */
    String name();

    /** One line for usage messages. */
    String description();

    /**
     * Why this backend cannot run jobs on this machine (e.g. "Open MPI's mpirun is not on the PATH"), or null if it
     * can; for {@code --version} and usage texts. Starts no job; may load the backend's native library.
     */
    default String unavailableReason() {
        return null;
    }

    /**
     * Runs a job and returns its exit status (see the type documentation). Blocks until the job has ended.
     * Launch errors the user can fix (bad class path, main class not found) are reported on standard error with
     * status 1 or thrown as {@link IllegalArgumentException} with a clear message.
     */
    int launch(LaunchSpec spec);
}

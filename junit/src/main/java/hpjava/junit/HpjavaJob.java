package hpjava.junit;

import java.io.IOException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.Launcher;
import hpjava.mpjdev.profile.ProfileRecorder;
import hpjava.mpjdev.profile.ProfileReport;

/**
 * Runs a test body as an SPMD job: every rank of an mpjdev job ({@code mt} by default: ranks are threads of the
 * test's JVM) runs the body with its HPJava process context bound, so HPJava code (distributed arrays, {@code on},
 * {@code overall}, Adlib) can be called from a JUnit test.
 *
 * <pre>
 * List&lt;Double&gt; sums = HpjavaJob.np(4).call(rank -&gt; Heat.total(64));   // one value per rank, rank order
 * HpjavaJob.np(2).backend("mpi").timeout(Duration.ofSeconds(30)).run(rank -&gt; Heat.main(new String[0]));
 * </pre>
 *
 * <p>Each rank loads its own copy of the test class and the classes it uses (static fields included), as separate
 * processes would; bodies and values travel by serialization (capture and return Serializable values only).
 * A rank that throws fails the test with its rank, its message and its stack trace (which names {@code .hpj} lines
 * for classes compiled by hpjavac); the other ranks are aborted. When the timeout passes, the test fails with every
 * rank's state and stack (mt: the rank threads'; mpi/ucx: each rank JVM's main thread through {@code jcmd}), and the
 * job is abandoned (mt: its threads are interrupted; mpi/ucx: the rank processes are killed). A backend that is not
 * on the class path or cannot run on this machine aborts the test (JUnit reports it skipped) with the reason.
 *
 * <p>With {@link #withCommProfile()} the job records its communication profile, as {@code hpjava run --comm-profile}
 * does, for the test to assert communication counts per source line:
 * <pre>
 * HpjavaJob job = HpjavaJob.np(4).withCommProfile();
 * job.run(rank -&gt; Stencil.sweep(64));
 * assertEquals(2, job.commProfile().find("writeHalo", "Stencil.hpj", 12).max(ProfileReport.MESSAGES));
 * </pre>
 */
public final class HpjavaJob {
    /** Timeout of a job unless {@link #timeout} says otherwise. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
    /** The exit status with which a backend says it cannot run on this machine. */
    private static final int BACKEND_UNAVAILABLE = 3;

    private final int np;
    private String backend = "mt";
    private Duration timeout = DEFAULT_TIMEOUT;
    private boolean profiling;
    private ProfileReport profile;

    private HpjavaJob(int np) {
        if (np < 1) throw new IllegalArgumentException("the number of ranks must be at least 1, not " + np);
        this.np = np;
    }

    /** A job of {@code np} ranks on {@code mt}. */
    public static HpjavaJob np(int np) {
        return new HpjavaJob(np);
    }

    /** The mpjdev backend: {@code mt} (default), {@code mpi} or {@code ucx} (their modules must be on the class path). */
    public HpjavaJob backend(String name) {
        this.backend = name;
        return this;
    }

    public HpjavaJob timeout(Duration t) {
        if (t.isNegative() || t.isZero()) throw new IllegalArgumentException("the timeout must be positive, not " + t);
        this.timeout = t;
        return this;
    }

    /**
     * Records the communication profile of the jobs this object runs (on mt through the JVM's
     * {@code hpjava.profile.dir} property while the job runs: do not run two profiled mt jobs at once in one JVM).
     */
    public HpjavaJob withCommProfile() {
        this.profiling = true;
        return this;
    }

    /** The communication profile of the last job run after {@link #withCommProfile()}. */
    public ProfileReport commProfile() {
        if (profile == null)
            throw new IllegalStateException("no communication profile: call withCommProfile() before run or call, and run the job first");
        return profile;
    }

    /** Runs {@code body} on every rank; returns when all have returned; fails the test if one fails or time runs out. */
    public void run(RankBody body) {
        launch(RankTask.ofLambda(body), body.getClass().getClassLoader());
    }

    /** Runs {@code body} on every rank and returns the values it returned, in rank order. */
    public <T> List<T> call(RankFunction<T> body) {
        @SuppressWarnings("unchecked")
        List<T> values = (List<T>) launch(RankTask.ofLambda(body), body.getClass().getClassLoader());
        return values;
    }

    /** Runs a test method (no parameters, or one {@link HpjavaRank}) on every rank: what {@link HpjavaTest} does. */
    void runMethod(Method m) {
        launch(RankTask.ofMethod(m), m.getDeclaringClass().getClassLoader());
    }

    private List<Object> launch(RankTask task, ClassLoader valueLoader) {
        if (Launcher.backend(backend).isEmpty())
            Assumptions.abort("backend '" + backend + "' is not on the test class path (add org.hpjava:mpjdev-" + backend
                    + " as a test dependency); available: " + String.join(", ", Launcher.backendNames()));
        JobDirectory job;
        try {
            job = JobDirectory.create();
            job.writeTask(task);
        } catch (IOException e) {
            throw new IllegalStateException("cannot create the job's directory: " + e.getMessage(), e);
        }
        java.nio.file.Path profileDir = profiling ? job.dir().resolve("comm-profile") : null;
        String before = System.getProperty(ProfileRecorder.DIRECTORY_PROPERTY);
        try {
            if (profileDir != null && backend.equals("mt")) System.setProperty(ProfileRecorder.DIRECTORY_PROPERTY, profileDir.toString());
            int status = awaitJob(job, profileDir);
            List<Object> values = outcome(job, status, valueLoader);
            if (profileDir != null) profile = ProfileReport.read(profileDir, np);
            return values;
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the job's communication profile: " + e.getMessage(), e);
        } finally {
            if (profileDir != null && backend.equals("mt")) {
                if (before == null) System.clearProperty(ProfileRecorder.DIRECTORY_PROPERTY);
                else System.setProperty(ProfileRecorder.DIRECTORY_PROPERTY, before);
            }
            job.delete();
        }
    }

    /**
     * Rank JVMs (mpi, ucx) get the vector module when this test JVM has it (surefire's argLine
     * {@code --add-modules jdk.incubator.vector}), so every backend runs the same loops hpjavac's output chose
     * (translator/README.md, "Vectorized element loops"); without it they run the scalar loops, as this JVM does.
     */
    private static LaunchSpec withVectorModule(LaunchSpec spec) {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) return spec;
        List<String> jvm = new ArrayList<>(List.of("--add-modules=jdk.incubator.vector"));
        jvm.addAll(spec.jvmArgs());
        return spec.withJvmArgs(jvm);
    }

    /** Rank JVMs (mpi, ucx) of a profiled job get its profile directory (mt: the property of this JVM). */
    private LaunchSpec withProfile(LaunchSpec spec, java.nio.file.Path profileDir) {
        if (profileDir == null || backend.equals("mt")) return spec;
        List<String> jvm = new ArrayList<>(spec.jvmArgs());
        jvm.add("-D" + ProfileRecorder.DIRECTORY_PROPERTY + "=" + profileDir);
        return spec.withJvmArgs(jvm);
    }

    /** Launches the job on a thread of its own and waits for it up to the timeout; returns its exit status. */
    private int awaitJob(JobDirectory job, java.nio.file.Path profileDir) {
        LaunchSpec spec = withProfile(withVectorModule(LaunchSpec.of(np, RankEntry.class.getName(), job.dir().toString(), backend)), profileDir);
        int[] status = {-1};
        RuntimeException[] error = new RuntimeException[1];
        Thread launcher = Thread.ofPlatform().daemon(true).name("hpjava-junit-" + backend + "-np" + np).start(() -> {
            try {
                status[0] = Launcher.launch(backend, spec);
            } catch (RuntimeException e) {
                error[0] = e;
            }
        });
        try {
            launcher.join(timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            RankStates.stop(job, np);
            throw new IllegalStateException("interrupted while waiting for the SPMD job", e);
        }
        if (launcher.isAlive()) {
            String states = RankStates.describe(job, np, backend);
            RankStates.stop(job, np);
            return Assertions.fail(label() + " timed out after " + timeout.toSeconds() + " s; the ranks:\n" + states);
        }
        if (error[0] != null) throw error[0];
        if (status[0] == BACKEND_UNAVAILABLE)
            Assumptions.abort("backend '" + backend + "' cannot run on this machine (its reason is printed above)");
        return status[0];
    }

    private List<Object> outcome(JobDirectory job, int status, ClassLoader valueLoader) {
        List<String> failures = new ArrayList<>(), aborted = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        try {
            for (int r = 0; r < np; r++) {
                Optional<String> f = job.failure(r);
                if (f.isPresent()) {
                    String head = f.get().lines().findFirst().orElse("");
                    if (head.contains("JobAbortedException") || head.contains("PeerFailedException")) aborted.add("rank " + r + ": " + head);
                    else failures.add("rank " + r + " of " + np + " failed: " + f.get().stripTrailing());
                    continue;
                }
                Optional<byte[]> v = job.value(r);
                if (v.isEmpty()) {
                    failures.add("rank " + r + " of " + np + " ended without a result (it did not run the test body; see the output above)");
                    continue;
                }
                values.add(RankTask.deserialize(v.get(), valueLoader));
            }
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalStateException("cannot read the ranks' results: " + e, e);
        }
        if (failures.isEmpty() && !aborted.isEmpty()) failures.addAll(aborted);
        else if (!aborted.isEmpty()) failures.add("aborted after that: " + String.join("; ", aborted));
        if (!failures.isEmpty()) Assertions.fail(label() + " failed:\n" + String.join("\n", failures));
        if (status != 0) Assertions.fail(label() + " ended with exit status " + status + " although every rank returned");
        return values;
    }

    private String label() {
        return "SPMD job on " + np + (np == 1 ? " rank" : " ranks") + " (" + backend + ")";
    }
}

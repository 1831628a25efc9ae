package hpjava.adlib;

import hpjava.lang.ProcessContext;
import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.Launcher;
import hpjava.mpjdev.RankContext;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs an SPMD body on np ranks of the mt backend, in this JVM. The body is handed over through a static map: this
 * class is in {@code hpjava.adlib}, which the per-rank program class loader loads parent-first, so every rank sees
 * the same map. Each rank is bound to its mpjdev rank context (by the backend) and to an HPJava process context.
 * Failures of any rank fail the test with every rank's exception; a timeout prints each rank's stack.
 */
public final class Spmd {
    /** An SPMD body. */
    public interface Body {
        void run(int rank, int np) throws Exception;
    }

    private static final Map<String, Body> BODIES = new ConcurrentHashMap<>();
    private static final Map<String, ConcurrentLinkedQueue<String>> FAILURES = new ConcurrentHashMap<>();
    private static final Map<String, String[]> STATE = new ConcurrentHashMap<>();

    private Spmd() {}

    /** Runs {@code body} on {@code np} ranks; fails (with every rank's error) if a rank fails or time runs out. */
    public static void run(int np, Duration timeout, Body body) {
        run(np, timeout, Map.of(), body);
    }

    /**
     * As {@link #run(int, Duration, Body)} with mt options (e.g. {@code threads=platform} for a test that reads per-thread
     * JVM accounting, which virtual threads, the default beyond the core count, do not offer).
     */
    public static void run(int np, Duration timeout, Map<String, String> mtOptions, Body body) {
        String id = UUID.randomUUID().toString();
        BODIES.put(id, body);
        FAILURES.put(id, new ConcurrentLinkedQueue<>());
        STATE.put(id, new String[np]);
        try {
            int[] rc = new int[1];
            assertTimeoutPreemptively(timeout, () -> { rc[0] = Launcher.launch("mt", LaunchSpec.of(np, Main.class.getName(), id).withOptions(mtOptions)); },
                    () -> "SPMD run on " + np + " ranks timed out; rank states:\n" + states(id, np));
            var f = FAILURES.get(id);
            if (!f.isEmpty() || rc[0] != 0) fail("SPMD run on " + np + " ranks failed (exit " + rc[0] + "):\n" + String.join("\n", f));
        } finally {
            BODIES.remove(id);
            FAILURES.remove(id);
            STATE.remove(id);
        }
    }

    /** Records what the calling rank is doing (printed if the run times out). */
    public static void note(String what) {
        String id = CURRENT.get();
        if (id == null) return;
        String[] s = STATE.get(id);
        if (s != null) s[RankContext.current().rank()] = what;
    }

    private static final InheritableThreadLocal<String> CURRENT = new InheritableThreadLocal<>();

    private static String states(String id, int np) {
        StringBuilder b = new StringBuilder();
        String[] s = STATE.get(id);
        for (int r = 0; r < np; r++) b.append("  rank ").append(r).append(": ").append(s == null ? "?" : s[r]).append('\n');
        Thread.getAllStackTraces().forEach((t, st) -> {
            if (!t.getName().startsWith("rank-")) return;
            b.append("  thread ").append(t.getName()).append(" ").append(t.getState()).append('\n');
            for (int i = 0; i < Math.min(st.length, 12); i++) b.append("      at ").append(st[i]).append('\n');
        });
        return b.toString();
    }

    /** The per-rank entry point. */
    public static final class Main {
        public static void main(String[] args) {
            String id = args[0];
            Body body = BODIES.get(id);
            RankContext rc = RankContext.current();
            int rank = rc.rank(), np = rc.world().size();
            CURRENT.set(id);
            ProcessContext ctx = ProcessContext.create(rank, np);
            ctx.run(() -> {
                try {
                    body.run(rank, np);
                } catch (Throwable t) {
                    StringWriter w = new StringWriter();
                    t.printStackTrace(new PrintWriter(w));
                    FAILURES.get(id).add("rank " + rank + ": " + w);
                    if (t instanceof RuntimeException re) throw re;
                    if (t instanceof Error e) throw e;
                    throw new RuntimeException(t);
                }
            });
        }
    }
}

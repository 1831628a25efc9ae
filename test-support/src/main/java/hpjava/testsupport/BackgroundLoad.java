package hpjava.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Busy processes that load every core of the machine while a test runs, as a user's other work does: a program
 * must pass however slowly it runs. {@code try (BackgroundLoad load = BackgroundLoad.start(4, limit)) { ... }} starts
 * 4 spinning processes per core ({@code sh -c 'while :; do :; done'}, each under {@code timeout}, so that none
 * outlives {@code limit} even if this JVM dies); {@link #close()} ends each of them by its own process handle.
 */
public final class BackgroundLoad implements AutoCloseable {
    private final List<Process> spinners = new ArrayList<>();

    private BackgroundLoad() {}

    /** Starts {@code perCore} spinning processes for each core this JVM sees, each ending by itself after {@code limit}. */
    public static BackgroundLoad start(int perCore, Duration limit) {
        if (perCore < 0) throw new IllegalArgumentException("spinning processes per core must be >= 0, not " + perCore);
        BackgroundLoad load = new BackgroundLoad();
        int n = perCore * Runtime.getRuntime().availableProcessors();
        try {
            for (int i = 0; i < n; i++) {
                load.spinners.add(new ProcessBuilder("timeout", Long.toString(Math.max(1, limit.toSeconds())), "sh", "-c",
                        "while :; do :; done").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start());
            }
        } catch (IOException e) {
            load.close();
            throw new UncheckedIOException("cannot start the background load (" + e.getMessage() + ")", e);
        }
        return load;
    }

    /** How many spinning processes run. */
    public int size() {
        return spinners.size();
    }

    /** Ends every spinning process (and its shell) and waits for them. */
    @Override
    public void close() {
        for (Process p : spinners) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        for (Process p : spinners) {
            try {
                p.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        spinners.clear();
    }
}

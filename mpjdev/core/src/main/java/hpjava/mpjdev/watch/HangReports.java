package hpjava.mpjdev.watch;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Supplier;

/**
 * Where the watchdog's reports go, and the report on request. Every report (deadlock, hang, on request) is printed
 * on the job's standard error and, with {@code hpjava run --hang-report=FILE} (system property {@value #FILE_PROPERTY}
 * of the launching JVM), appended to FILE. {@code kill -USR1 <pid of hpjava>} prints the state of every rank of the
 * running job at once (the JVM keeps SIGQUIT for its own thread dump).
 */
public final class HangReports {
    public static final String FILE_PROPERTY = "hpjava.hangReport";
    private static final String SIGNAL = "USR1";

    private HangReports() {}

    /** Prints {@code report} on {@code err} and appends it to the report file, if one is set. */
    public static void publish(String report, PrintStream err) {
        synchronized (err) {
            err.println(report);
            err.flush();
        }
        String file = System.getProperty(FILE_PROPERTY);
        if (file == null || file.isBlank()) return;
        try {
            Files.writeString(Path.of(file), report + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            err.println("mpjdev: cannot write the hang report to " + file + ": " + e.getMessage());
        }
    }

    /**
     * Publishes {@code snapshot.get()} whenever this JVM receives SIGUSR1, until the returned handle is closed. Where
     * the signal cannot be handled (another platform), nothing happens.
     */
    public static AutoCloseable onRequest(Supplier<String> snapshot, PrintStream err) {
        try {
            sun.misc.Signal sig = new sun.misc.Signal(SIGNAL);
            sun.misc.SignalHandler previous = sun.misc.Signal.handle(sig, s -> publish(snapshot.get(), err));
            return () -> sun.misc.Signal.handle(sig, previous);
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            return () -> { };
        }
    }
}

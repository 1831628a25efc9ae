package hpjava.mpjdev.profile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One rank's communication profile: per operation and calling source line, the calls, the messages and bytes this
 * rank sent, and the nanoseconds it waited in the device. A library opens a call with {@link #begin} and reports
 * what the call does with {@link #sent} and {@link #waited} until the next {@code begin}; at the end of the rank
 * {@link #write} puts the rank's file into the job's profile directory, which {@link ProfileReport} merges.
 * Used by one thread (the rank's); allocation only when a call site is seen for the first time.
 *
 * <p>Rank file ({@code rank-R.tsv}, UTF-8): one line per operation and site, tab-separated:
 * {@code operation, file, line, calls, messages, bytes, wait-nanoseconds}.
 */
public final class ProfileRecorder {
    /** The system property naming the job's profile directory; profiling is off when it is not set. */
    public static final String DIRECTORY_PROPERTY = "hpjava.profile.dir";
    private static final int CALLS = 0, MESSAGES = 1, BYTES = 2, WAIT = 3;

    private final int rank;
    private final Map<String, long[]> sites = new LinkedHashMap<>();
    private long[] current;

    public ProfileRecorder(int rank) {
        this.rank = rank;
    }

    /** The job's profile directory, or null when profiling is off. */
    public static Path directory() {
        String d = System.getProperty(DIRECTORY_PROPERTY);
        return d == null || d.isBlank() ? null : Path.of(d);
    }

    /** A call of {@code operation} from {@code file}:{@code line} starts; what follows is counted to it. */
    public void begin(String operation, String file, int line) {
        String key = operation + '\t' + file + '\t' + line;
        long[] c = sites.get(key);
        if (c == null) sites.put(key, c = new long[4]);
        c[CALLS]++;
        current = c;
    }

    /** The current call sent {@code messages} messages of {@code bytes} bytes in all. */
    public void sent(int messages, long bytes) {
        if (current == null) return;
        current[MESSAGES] += messages;
        current[BYTES] += bytes;
    }

    /** The current call waited {@code nanos} in the device. */
    public void waited(long nanos) {
        if (current != null) current[WAIT] += nanos;
    }

    /** Writes this rank's file into {@code dir}. */
    public void write(Path dir) {
        StringBuilder b = new StringBuilder();
        sites.forEach((k, c) -> b.append(k).append('\t').append(c[CALLS]).append('\t').append(c[MESSAGES]).append('\t')
                .append(c[BYTES]).append('\t').append(c[WAIT]).append('\n'));
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("rank-" + rank + ".tsv"), b, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("communication profile: cannot write rank " + rank + "'s file in " + dir, e);
        }
    }
}

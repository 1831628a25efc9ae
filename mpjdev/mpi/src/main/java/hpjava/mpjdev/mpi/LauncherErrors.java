package hpjava.mpjdev.mpi;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Copies the MPI launcher's standard error (its own messages, and what rank processes write to fd 2 directly: JVM
 * warnings, crash reports, the MPI library's) to the launcher's, leaving out the {@link AbortNotices} that follow a
 * failure report already printed. Bytes pass unchanged, as soon as they come: a line is held back only while it could
 * be such a notice (after a report, a line that starts like one). Runs on a thread of its own until the stream ends.
 */
final class LauncherErrors {
    private final InputStream in;
    private final OutputStream out;
    private final AbortNotices notices;
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
    /** The current line's start was passed on already: its rest passes as it comes. */
    private boolean midLine;

    LauncherErrors(InputStream in, OutputStream out, AbortNotices notices) {
        this.in = in;
        this.out = out;
        this.notices = notices;
    }

    /** Starts copying on a daemon thread; join it to know that everything has been passed on. */
    Thread start() {
        return Thread.ofPlatform().daemon().name("hpjava-mpirun-stderr").start(this::copy);
    }

    void copy() {
        byte[] b = new byte[8192];
        try (in) {
            int n;
            while ((n = in.read(b)) >= 0) take(b, n);
        } catch (IOException e) {
            // the launcher has gone: what came is passed on below
        }
        for (String l : notices.end()) write(l);
        if (partial.size() > 0) write(partial.toString(StandardCharsets.ISO_8859_1));
        flush();
    }

    private void take(byte[] b, int n) {
        int start = 0;
        for (int i = 0; i < n; i++) {
            if (b[i] != '\n') continue;
            partial.write(b, start, i + 1 - start);
            line(partial.toString(StandardCharsets.ISO_8859_1));
            partial.reset();
            start = i + 1;
        }
        partial.write(b, start, n - start);
        if (partial.size() > 0 && (midLine || !notices.mayHold(partial.toString(StandardCharsets.ISO_8859_1)))) {
            write(partial.toString(StandardCharsets.ISO_8859_1));
            partial.reset();
            midLine = true;
        }
        flush();
    }

    private void line(String line) {
        if (midLine) {
            midLine = false;
            write(line);
            return;
        }
        for (String l : notices.offer(line)) write(l);
    }

    private void write(String text) {
        try {
            out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            // nowhere to write it
        }
    }

    private void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            // nowhere to write it
        }
    }
}

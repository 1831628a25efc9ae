package hpjava.mpjdev.spi;

import hpjava.mpjdev.RankContext;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Optional;

/**
 * An output stream that prefixes every line with {@code "[rank] "}, the rank of the writing thread (from
 * {@link RankContext#find()}); lines are buffered per rank and written whole, so ranks' lines never interleave
 * within a line. Output of threads that belong to no rank passes through unchanged. Thread-safe.
 */
public final class RankPrefixedOutput extends OutputStream {
    private final PrintStream target;
    private final ByteArrayOutputStream[] lines;

    public RankPrefixedOutput(PrintStream target, int np) {
        this.target = target;
        this.lines = new ByteArrayOutputStream[np];
    }

    /** A print stream (auto-flushing) writing through a new prefixing stream onto {@code target}. */
    public static PrintStream wrap(PrintStream target, int np) {
        return new PrintStream(new RankPrefixedOutput(target, np), true);
    }

    @Override
    public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        Optional<RankContext> ctx = RankContext.find();
        int r = ctx.map(RankContext::rank).orElse(-1);
        if (r < 0 || r >= lines.length) {
            target.write(b, off, len);
            return;
        }
        synchronized (this) {
            ByteArrayOutputStream line = lines[r];
            if (line == null) line = lines[r] = new ByteArrayOutputStream(128);
            for (int i = off; i < off + len; i++) {
                line.write(b[i]);
                if (b[i] == '\n') emit(r, line);
            }
        }
    }

    private void emit(int r, ByteArrayOutputStream line) {
        synchronized (target) {
            target.print("[" + r + "] ");
            target.write(line.toByteArray(), 0, line.size());
            target.flush();
        }
        line.reset();
    }

    /** Writes out partial lines (called when the job ends). */
    @Override
    public synchronized void flush() {
        // Partial lines stay buffered until their newline; finish() writes them out.
    }

    /** Writes every rank's unfinished last line, with a newline. */
    public synchronized void finish() {
        for (int r = 0; r < lines.length; r++) {
            if (lines[r] != null && lines[r].size() > 0) {
                lines[r].write('\n');
                emit(r, lines[r]);
            }
        }
    }
}

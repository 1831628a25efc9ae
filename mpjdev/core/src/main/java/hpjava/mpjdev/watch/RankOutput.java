package hpjava.mpjdev.watch;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The launcher's side of the ranks' standard output and error (one-rank-per-process backends: {@code mpi} forwards
 * them over the watch link, {@code ucx} over a pipe per rank and stream): each rank's bytes go to this JVM's output
 * (or error) a whole line at a time, so that lines of ranks printing at the same time never mix within a line.
 * <ul>
 * <li>A rank's partial line is held ({@link Sink}) until its newline; or until the rank has written nothing more
 *     for {@link #PARTIAL_LINE_MS} ms (a prompt, a progress dot), or it reaches {@link #MAX_LINE_BYTES}, or the rank's
 *     stream ends ({@link Sink#end()}: a rank that aborts loses nothing it wrote): then it is printed as it is, and
 *     the line stays open for that rank. Should another rank's line come before the open line ends, a newline ends
 *     the open line first; its rest continues on a line of its own.</li>
 * <li>Order within a rank's stream is kept; output and error stay apart (each has its own {@code PrintStream}).</li>
 * <li>With {@code prefix} ({@code --prefix-output}) every line starts with {@code [rank] }, and a rank's last line
 *     is ended with a newline at the end of its stream; without, the bytes pass unchanged.</li>
 * </ul>
 * Thread-safe: each sink is fed by one reader, printing is serialised per destination.
 */
public final class RankOutput implements AutoCloseable {
    /**
     * How long a partial line waits, after the rank's last write to it, for more before it is printed as it is: long
     * enough that a rank building a line from many prints is not cut while it is merely slowed down (a loaded host, a
     * collection), short enough for a prompt to appear at once to a person.
     */
    static final long PARTIAL_LINE_MS = 300;
    /** A line longer than this is printed in pieces of this size (open, as a partial line). */
    static final int MAX_LINE_BYTES = 64 * 1024;

    private static final byte[] EMPTY = {}, NEWLINE = {'\n'};

    private final Target out, err;
    private final boolean prefix;
    private final List<Sink> sinks = new ArrayList<>();
    private volatile boolean closed;
    private Thread flusher;

    /** Where the ranks' lines go: {@code out} and {@code err}; {@code prefix}: {@code [rank] } before every line. */
    public RankOutput(PrintStream out, PrintStream err, boolean prefix) {
        this.out = new Target(out);
        this.err = new Target(err);
        this.prefix = prefix;
    }

    /** The sink of rank {@code rank}'s standard error ({@code error}) or output. */
    public Sink sink(int rank, boolean error) {
        Sink s = new Sink(rank, error ? err : out);
        synchronized (sinks) {
            sinks.add(s);
            if (flusher == null && !closed) flusher = Thread.ofPlatform().daemon().name("hpjava-output-flush").start(this::flushStale);
        }
        return s;
    }

    /**
     * Prints {@code text} (whole lines, e.g. a failure report that carries its own prefixes) on the error or output
     * stream as one piece, after ending any open partial line there.
     */
    public void printWhole(boolean error, String text) {
        Target t = error ? err : out;
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        synchronized (t) {
            t.endOpenLine();
            t.stream.write(b, 0, b.length);
            t.stream.flush();
        }
    }

    /** Ends every sink (prints what they hold) and stops the flusher. */
    @Override
    public void close() {
        closed = true;
        List<Sink> all;
        synchronized (sinks) {
            all = new ArrayList<>(sinks);
        }
        for (Sink s : all) s.end();
        if (flusher != null) flusher.interrupt();
    }

    private void flushStale() {
        while (!closed) {
            try {
                Thread.sleep(PARTIAL_LINE_MS / 2);
            } catch (InterruptedException e) {
                return;
            }
            List<Sink> all;
            synchronized (sinks) {
                all = new ArrayList<>(sinks);
            }
            long now = System.nanoTime();
            for (Sink s : all) s.flushIfStale(now);
        }
    }

    /** One destination stream, and the sink whose partial line is open on it (printed without its newline yet). */
    private static final class Target {
        final PrintStream stream;
        Sink open;
        /** The bytes of the write being made (prefixes and line), reused. */
        byte[] scratch = new byte[1024];
        int length;

        Target(PrintStream stream) {
            this.stream = stream;
        }

        /** Ends the open partial line with a newline; its sink's rest starts a new line. Holding this. */
        void endOpenLine() {
            if (open == null) return;
            stream.write('\n');
            open.atLineStart = true;
            open = null;
        }

        void add(byte[] b, int off, int len) {
            if (length + len > scratch.length) scratch = Arrays.copyOf(scratch, Math.max(length + len, 2 * scratch.length));
            System.arraycopy(b, off, scratch, length, len);
            length += len;
        }
    }

    /** One rank's output or error stream: {@link #write} its bytes as they come, {@link #end()} at its end. */
    public final class Sink {
        private final Target target;
        private final byte[] tag;
        private byte[] held = new byte[256];
        private int heldLength;
        private long lastWrite;
        private boolean ended;
        /** Whether the next bytes printed start a line (guarded by {@link #target}). */
        boolean atLineStart = true;

        private Sink(int rank, Target target) {
            this.target = target;
            this.tag = ("[" + rank + "] ").getBytes(StandardCharsets.US_ASCII);
        }

        /** Takes {@code len} bytes the rank wrote: its whole lines are printed now, the rest is held. */
        public synchronized void write(byte[] b, int off, int len) {
            if (ended) return;
            int lastNewline = off + len - 1;
            while (lastNewline >= off && b[lastNewline] != '\n') lastNewline--;
            if (lastNewline >= off) {
                int n = lastNewline + 1 - off;
                print(b, off, n, true);
                off += n;
                len -= n;
            }
            hold(b, off, len);
        }

        /** The stream has ended (the rank exited, aborted or was killed): prints what is held. */
        public synchronized void end() {
            if (ended) return;
            ended = true;
            if (heldLength > 0) print(prefix ? NEWLINE : EMPTY, 0, prefix ? 1 : 0, prefix);
            synchronized (target) {
                if (prefix && target.open == this) target.endOpenLine();
            }
        }

        /** Prints what is held now, as a partial line (left open). */
        public synchronized void flush() {
            if (heldLength > 0) print(EMPTY, 0, 0, false);
        }

        synchronized void flushIfStale(long now) {
            if (heldLength > 0 && now - lastWrite >= PARTIAL_LINE_MS * 1_000_000L) print(EMPTY, 0, 0, false);
        }

        private void hold(byte[] b, int off, int len) {
            if (len <= 0) return;
            lastWrite = System.nanoTime();
            if (heldLength + len > held.length) held = Arrays.copyOf(held, Math.max(heldLength + len, 2 * held.length));
            System.arraycopy(b, off, held, heldLength, len);
            heldLength += len;
            if (heldLength >= MAX_LINE_BYTES) print(EMPTY, 0, 0, false);
        }

        /**
         * Prints what is held, then {@code len} bytes of {@code b} from {@code off}, in one write; {@code complete}:
         * they end with a newline (the line is closed), else the line stays open for this sink.
         */
        private void print(byte[] b, int off, int len, boolean complete) {
            synchronized (target) {
                if (target.open != this) target.endOpenLine();
                target.length = 0;
                append(held, 0, heldLength);
                append(b, off, len);
                target.stream.write(target.scratch, 0, target.length);
                target.stream.flush();
                target.open = complete ? null : this;
            }
            heldLength = 0;
        }

        /** Adds {@code b[off, off+len)} to the target's scratch, with the rank's tag at every line start under prefix. */
        private void append(byte[] b, int off, int len) {
            int end = off + len;
            while (off < end) {
                int nl = off;
                while (nl < end && b[nl] != '\n') nl++;
                int stop = nl < end ? nl + 1 : end;
                if (prefix && atLineStart) target.add(tag, 0, tag.length);
                target.add(b, off, stop - off);
                atLineStart = nl < end;
                off = stop;
            }
        }
    }
}

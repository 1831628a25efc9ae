package hpjava.mpjdev.watch;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A rank's standard output or error on its way to the launcher ({@link RankReporter#output}): a write is copied into
 * a buffer and returns; a pump thread sends whatever has gathered as one {@link OutputMessage} of up to
 * {@link OutputMessage#MAX_BYTES} bytes. A rank printing without pause so sends large messages instead of one per
 * line (one link write and one launcher write per line held a rank to a few MB/s: docs/benchmarks/HISTORY.md "Rank output
 * throughput"), while a lone line still goes at once (the write wakes the idle pump). When the buffer is full the
 * writer waits for the pump, that is for the launcher: nothing is dropped, memory stays bounded.
 *
 * <p>{@link #flush()} does not wait ({@code System.out} flushes after every line); {@link #drain} does, until
 * everything written before it was called has been sent (not what other threads write meanwhile: a rank printing
 * without pause is drained as fast as one that is quiet): before the rank's failure report and its "finished" message
 * (so neither overtakes its output), when the launcher asks because another rank is failing (so that the abort that
 * follows does not kill output the rank had already printed), and at JVM shutdown (a program calling
 * {@code System.exit}; Open MPI's SIGTERM). Once the link has failed, what remains and all later writes go to the
 * fallback stream (the rank's own standard output or error).
 */
final class ForwardedOutput extends OutputStream {
    /** Sends one output message; false once the launcher is gone. */
    interface Sender {
        boolean send(byte[] body, int off, int len);
    }

    private final Sender sender;
    private final OutputStream fallback;
    private byte[] gathering = new byte[OutputMessage.MAX_BYTES], sending = new byte[OutputMessage.MAX_BYTES];
    /** Bytes in {@link #gathering}; all fields guarded by this. */
    private int length;
    /** Bytes written since the start, and bytes of them sent (or given to the fallback). */
    private long accepted, delivered;
    private boolean pumpWaiting, broken;
    private Thread pump;

    ForwardedOutput(Sender sender, OutputStream fallback) {
        this.sender = sender;
        this.fallback = fallback;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        if (pump == null) pump = Thread.ofPlatform().daemon().name("hpjava-output-pump").start(this::pumpLoop);
        boolean interrupted = false;
        try {
            while (len > 0) {
                while (length == gathering.length && !broken) interrupted |= waitHere(0);
                if (broken) {
                    accepted += len;
                    delivered += len;
                    fallback.write(b, off, len);
                    fallback.flush();
                    return;
                }
                int n = Math.min(len, gathering.length - length);
                System.arraycopy(b, off, gathering, length, n);
                length += n;
                accepted += n;
                off += n;
                len -= n;
                if (pumpWaiting) notifyAll();
            }
        } finally {
            if (interrupted) Thread.currentThread().interrupt();   // printing is not interruptible; the flag stays
        }
    }

    /** Returns at once: the pump sends what is written as soon as it can ({@link #drain} waits for it). */
    @Override
    public void flush() {
    }

    /**
     * Waits until everything written before this call has been sent (or the link has failed and it went to the
     * fallback), at most {@code timeoutMillis} ms; true if it was.
     */
    synchronized boolean drain(long timeoutMillis) {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        long target = accepted;
        boolean interrupted = false;
        try {
            while (delivered < target) {
                long left = deadline - System.nanoTime();
                if (left <= 0) return false;
                interrupted |= waitHere(Math.max(1, left / 1_000_000L));
            }
            return true;
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    private void pumpLoop() {
        while (true) {
            int n;
            byte[] batch;
            synchronized (this) {
                pumpWaiting = true;
                while (length == 0) waitHere(0);
                pumpWaiting = false;
                batch = gathering;
                gathering = sending;
                sending = batch;
                n = length;
                length = 0;
                notifyAll();   // writers waiting for room
            }
            boolean sent = sender.send(batch, 0, n);
            synchronized (this) {
                if (!sent) {
                    // in order: this batch, what gathered meanwhile; later writes go to the fallback themselves
                    broken = true;
                    toFallback(batch, n);
                    toFallback(gathering, length);
                    n += length;
                    length = 0;
                }
                delivered += n;
                notifyAll();   // drain, and writers waiting for room
            }
        }
    }

    private void toFallback(byte[] b, int n) {
        try {
            fallback.write(b, 0, n);
            fallback.flush();
        } catch (IOException ignored) {
            // nowhere left to write it
        }
    }

    /** Waits on this (held) up to {@code millis} ms (0: until notified); true if the thread was interrupted. */
    private boolean waitHere(long millis) {
        try {
            wait(millis);
            return false;
        } catch (InterruptedException e) {
            return true;
        }
    }
}

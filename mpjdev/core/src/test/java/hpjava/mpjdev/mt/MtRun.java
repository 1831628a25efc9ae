package hpjava.mpjdev.mt;

import hpjava.mpjdev.Launcher;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** Runs the launcher in-process with a timeout, capturing output; on timeout the message holds every rank's stack. */
final class MtRun {
    final int status;
    final String out;
    final String err;
    final long millis;

    private MtRun(int status, String out, String err, long millis) {
        this.status = status;
        this.out = out;
        this.err = err;
        this.millis = millis;
    }

    static MtRun launch(Duration timeout, String... args) {
        PrintStream oldOut = System.out, oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(new Tee(out, oldOut), true));
        System.setErr(new PrintStream(new Tee(err, oldErr), true));
        long t0 = System.nanoTime();
        try {
            int status = assertTimeoutPreemptively(timeout, () -> Launcher.run(args), MtRun::rankStates);
            return new MtRun(status, out.toString(), err.toString(), (System.nanoTime() - t0) / 1_000_000);
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    /** Every rank thread's state and stack (for timeout messages). */
    static String rankStates() {
        StringBuilder sb = new StringBuilder("timed out; rank threads:\n");
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            if (!e.getKey().getName().startsWith("rank-")) continue;
            sb.append(e.getKey().getName()).append(' ').append(e.getKey().getState()).append('\n');
            for (StackTraceElement f : e.getValue()) sb.append("    at ").append(f).append('\n');
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return "status " + status + " after " + millis + " ms\n--- out:\n" + out + "--- err:\n" + err;
    }

    private static final class Tee extends java.io.OutputStream {
        private final java.io.OutputStream a, b;

        Tee(java.io.OutputStream a, java.io.OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public synchronized void write(int x) throws java.io.IOException {
            a.write(x);
            b.write(x);
        }

        @Override
        public synchronized void write(byte[] x, int off, int len) throws java.io.IOException {
            a.write(x, off, len);
            b.write(x, off, len);
        }
    }
}

package hpjava.mpjdev.watch;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The launcher's open watch links, one per rank process, for what the launcher writes to the ranks
 * ({@link FailureMessage#ACK}, {@link FailureMessage#DRAIN}) and for {@link #drainAllBut}: when a rank's failure report
 * arrives, every other rank is asked to send the output it has printed so far, and the report is printed and
 * acknowledged only once they have (or have gone, or {@link FailureMessage#DRAIN_WAIT_MS} has passed). The
 * acknowledgement lets the failing rank abort the job, which kills the others at once (MPICH's hydra with SIGKILL):
 * without the wait a line a rank printed just before the failure, still in its output pump, died with it. Thread-safe.
 */
final class RankLinks {
    /** One link: what the launcher writes to it (serialised), and how many drain answers it has given. */
    static final class Link {
        private final OutputStream out;
        private long drainedAnswers;
        private boolean ended;

        private Link(OutputStream out) {
            this.out = out;
        }

        /** Writes one byte to the rank; false if the link is gone. */
        synchronized boolean send(byte b) {
            try {
                out.write(b);
                out.flush();
                return true;
            } catch (IOException e) {
                return false;
            }
        }
    }

    private final List<Link> open = new ArrayList<>();

    /** Registers a link whose hello was accepted; {@code out} is what the launcher writes to the rank. */
    synchronized Link add(OutputStream out) {
        Link l = new Link(out);
        open.add(l);
        return l;
    }

    /** The rank answered a drain request: what it printed before is read (its reader passed it on first). */
    synchronized void drained(Link l) {
        l.drainedAnswers++;
        notifyAll();
    }

    /** The link has ended (the rank exited or was killed): nothing more will come from it. */
    synchronized void ended(Link l) {
        l.ended = true;
        open.remove(l);
        notifyAll();
    }

    /**
     * Asks every open link but {@code failing} to drain its rank's output, and waits until each has answered or ended,
     * at most {@code timeoutMillis} ms. Other failure reports may be handled at the same time (each counts answers
     * from its own request on); the links' readers must keep reading meanwhile, so the caller is not one of them.
     */
    void drainAllBut(Link failing, long timeoutMillis) {
        Map<Link, Long> asked = new IdentityHashMap<>();
        synchronized (this) {
            for (Link l : open) if (l != failing) asked.put(l, l.drainedAnswers);
        }
        asked.keySet().removeIf(l -> !l.send(FailureMessage.DRAIN));
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        synchronized (this) {
            asked.entrySet().removeIf(e -> e.getKey().ended || e.getKey().drainedAnswers > e.getValue());
            while (!asked.isEmpty()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) return;
                try {
                    wait(Math.max(1, left / 1_000_000L));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                asked.entrySet().removeIf(e -> e.getKey().ended || e.getKey().drainedAnswers > e.getValue());
            }
        }
    }
}

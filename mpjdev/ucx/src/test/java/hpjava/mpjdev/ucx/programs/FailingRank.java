package hpjava.mpjdev.ucx.programs;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.PeerFailedException;

/**
 * {@code FailingRank throw}: the last rank throws while the others wait to receive from it (the job must end with
 * the failing rank named, non-zero, without hanging). {@code FailingRank finish}: the last rank returns without
 * sending; the others' receives from it must fail with {@link PeerFailedException}, and the job ends normally.
 */
public final class FailingRank {
    private FailingRank() {}

    public static final String MARKER = "injected failure of the last rank";

    public static void main(String[] args) {
        Comm w = Comm.world();
        int last = w.size() - 1;
        Buffer b = Buffer.allocate(64);
        if (args[0].equals("throw")) {
            if (w.id() == last) throw new IllegalStateException(MARKER);
            w.recv(b, last, 1);
            throw new AssertionError("received a message the failed rank never sent");
        }
        if (w.id() == last) return;
        try {
            w.recv(b, last, 1);
            throw new AssertionError("received a message the finished rank never sent");
        } catch (PeerFailedException e) {
            System.out.println("PEER-FAILED " + e.getMessage());
        }
    }
}

package hpjava.mpjdev.ucx.programs;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.PeerFailedException;
import hpjava.mpjdev.Request;

/**
 * Sends to a rank that finishes right after its receives (two ranks).
 * {@code FinishedReceiver taken}: rank 0 starts 32 rendezvous-sized sends, stops driving progress for a second (so
 * rank 1 takes them all and finishes while UCX still has rank 0's completions queued), then waits for them: every
 * send must complete, since rank 1 received every message. {@code FinishedReceiver untaken}: rank 1 finishes
 * without receiving rank 0's 1 MiB message; rank 0's wait must fail with {@link PeerFailedException}.
 */
public final class FinishedReceiver {
    private FinishedReceiver() {}

    private static final int WINDOW = 32;
    private static final int BYTES = 256 * 1024;

    public static void main(String[] args) throws InterruptedException {
        Comm w = Comm.world();
        if (w.size() != 2) throw new IllegalArgumentException("FinishedReceiver needs 2 ranks");
        boolean taken = args[0].equals("taken");
        if (!taken) {
            if (w.id() == 1) return;
            Buffer b = Buffer.allocate(2 << 20).write(new byte[1 << 20]);
            Request r = w.isend(b, 1, 5);
            try {
                r.iwait();
                throw new AssertionError("a 1 MiB send to a rank that never received it completed");
            } catch (PeerFailedException e) {
                System.out.println("PEER-FAILED " + e.getMessage());
            }
            return;
        }
        Buffer[] bufs = new Buffer[WINDOW];
        Request[] reqs = new Request[WINDOW];
        for (int k = 0; k < WINDOW; k++) {
            bufs[k] = Buffer.allocate(BYTES + 64);
            if (w.id() == 0) bufs[k].write(new byte[BYTES]);
        }
        for (int k = 0; k < WINDOW; k++) reqs[k] = w.id() == 0 ? w.isend(bufs[k], 1, k) : w.irecv(bufs[k], 0, k);
        if (w.id() == 0) Thread.sleep(1000);
        for (Request r : reqs) r.iwait();
        System.out.println("COMPLETED rank " + w.id());
    }
}

package hpjava.mpjdev.ucx.programs;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;

/**
 * A tiny message that lands in its slot during another thread's progress call must still be found by the thread
 * that waits for it. Rank 0 runs two threads. Thread B waits to receive from rank 2, which sends only after thread A
 * tells it to, so B keeps driving progress. Thread A posts a receive from rank 1, tells rank 1 to send, and sleeps:
 * B's progress calls receive rank 1's message into rank 1's slot while B looks only at rank 2's. Then A waits for its
 * receive, although no further message will come (rank 1 is done): only a look at the slot another poll left
 * unswept completes it; after that A tells rank 2 to send. Without that look the job deadlocks (the test's time
 * limit fails it). Three rounds; prints {@code CHECK threaded-slots ok} per rank. Run with 3 ranks.
 */
public final class ThreadedSlots {
    private ThreadedSlots() {}

    private static final int ROUNDS = 3;
    private static final int TAG = 7;

    public static void main(String[] args) throws Exception {
        Comm w = Comm.world();
        if (w.size() != 3) throw new IllegalArgumentException("run with 3 ranks");
        Buffer out = Buffer.allocate(64);
        Buffer in = Buffer.allocate(64);
        for (int k = 0; k < ROUNDS; k++) {
            if (w.id() == 0) {
                Buffer fromTwo = Buffer.allocate(64);
                long[] got = new long[1];
                Thread b = new Thread(() -> w.recv(fromTwo, 2, TAG), "waits-for-rank-2");
                b.start();
                Request fromOne = w.irecv(in, 1, TAG);
                w.send(out.clear().write(new long[] {k}), 1, TAG); // rank 1: send now
                Thread.sleep(300); // meanwhile only thread B drives progress
                fromOne.iwait();
                in.read(got, 0);
                if (got[0] != 1000 + k) throw new AssertionError("round " + k + ": rank 1 sent " + got[0]);
                w.send(out.clear().write(new long[] {k}), 2, TAG); // rank 2: send now
                b.join();
                fromTwo.read(got, 0);
                if (got[0] != 2000 + k) throw new AssertionError("round " + k + ": rank 2 sent " + got[0]);
                fromTwo.release();
            } else {
                w.recv(in, 0, TAG);
                w.send(out.clear().write(new long[] {w.id() * 1000L + k}), 0, TAG);
            }
        }
        System.out.println("CHECK threaded-slots ok on rank " + w.id());
    }
}

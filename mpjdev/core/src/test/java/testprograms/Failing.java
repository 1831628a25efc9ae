package testprograms;

import hpjava.mpjdev.*;

/** Rank 1 throws; rank 0 waits in a receive from rank 2, and the others in a barrier. */
public class Failing {
    public static void main(String[] args) throws Exception {
        Comm w = Comm.world();
        if (w.id() == 1) {
            Thread.sleep(100);
            throw new IllegalStateException("boom in rank 1");
        }
        if (w.id() == 0) w.recv(Buffer.allocate(64), 2 % w.size(), 3);
        else w.collectives().orElseThrow().barrier();
    }
}

package testprograms;

import hpjava.mpjdev.*;

/** Rank 1 returns at once; rank 0 waits for a message from it. */
public class PeerFinishes {
    public static void main(String[] args) {
        Comm w = Comm.world();
        if (w.id() == 0) w.recv(Buffer.allocate(64), 1, 42);
    }
}

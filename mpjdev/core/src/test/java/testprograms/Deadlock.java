package testprograms;

import hpjava.mpjdev.*;

/** Every rank receives from its right neighbour first: a deadlock (rank 2, if any, finishes at once). */
public class Deadlock {
    public static void main(String[] args) {
        Comm w = Comm.world();
        if (w.id() >= 2) return;
        Buffer b = Buffer.allocate(64);
        w.recv(b, 1 - w.id(), 11);
        w.send(b, 1 - w.id(), 11);
    }
}

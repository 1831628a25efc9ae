package hpjava.mpjdev.mt;

import java.util.concurrent.atomic.AtomicInteger;

/** What the members of one communicator share: its members, their mailboxes, and native-collective state. */
final class MtContext {
    final long id;
    final int size;
    /** Member {@code k}'s world rank. */
    final int[] worldRanks;
    final Mailbox[] mailboxes;

    // Native collectives: a generation barrier and per-member slots where members publish their arrays.
    final AtomicInteger arrived = new AtomicInteger();
    volatile long generation;
    final Object[] slots;
    final Thread[] barrierWaiters;

    MtContext(long id, int[] worldRanks) {
        this.id = id;
        this.size = worldRanks.length;
        this.worldRanks = worldRanks;
        this.mailboxes = new Mailbox[size];
        for (int i = 0; i < size; i++) mailboxes[i] = new Mailbox();
        this.slots = new Object[size];
        this.barrierWaiters = new Thread[size];
    }

    /** For reports (deadlocks): built when asked, since a world-sized list is large at thousands of ranks. */
    String description() {
        return isWorld() ? "world" : "communicator #" + id + " of world ranks " + java.util.Arrays.toString(worldRanks);
    }

    boolean isWorld() {
        return id == 0;
    }
}

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
    /**
     * When the last member arrived at the barrier ({@link System#nanoTime()}), written before the generation advances
     * (which publishes it): parked members adapt their spin windows to it ({@link RankState#parked}).
     */
    long releasedAt;
    final Object[] slots;
    /** Member {@code k}'s check words of the allreduce it is in: {@code [2k]} signature, {@code [2k+1]} sequence. */
    final long[] checkWords;
    final Thread[] barrierWaiters;
    /**
     * Allreduce results, combined once by the last member to arrive: by generation parity (the result of generation
     * g is read by members released from g while the last arriver of g+1 writes the other one; a result of g+2 can
     * only be written once every member has arrived at g+1, so has read g's), then by element type.
     */
    final Object[][] results = new Object[2][hpjava.mpjdev.SectionType.values().length];
    /** By generation parity: null if that generation's allreduce succeeded, else why it did not (mismatch, bad type). */
    final String[] failures = new String[2];
    /** By generation parity: whether every member passed the same check words. */
    final boolean[] agreed = new boolean[2];

    MtContext(long id, int[] worldRanks) {
        this.id = id;
        this.size = worldRanks.length;
        this.worldRanks = worldRanks;
        this.mailboxes = new Mailbox[size];
        for (int i = 0; i < size; i++) mailboxes[i] = new Mailbox();
        this.slots = new Object[size];
        this.checkWords = new long[2 * size];
        this.barrierWaiters = new Thread[size];
    }

    /** For reports (deadlocks): built when asked, since a world-sized list is large at thousands of ranks. */
    String description() {
        return isWorld() ? "world" : "communicator " + Long.toHexString(id) + " of world ranks " + java.util.Arrays.toString(worldRanks);
    }

    boolean isWorld() {
        return id == 0;
    }
}

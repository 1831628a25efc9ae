package hpjava.mpjdev.ucx;

import hpjava.mpjdev.ucx.ffm.CopyHandler;
import hpjava.mpjdev.ucx.ffm.UcpWorker;

import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;

import static hpjava.mpjdev.ucx.ffm.NativeMemory.ALL;

/**
 * Tiny messages received without a Java upcall: one slot of native memory per sending rank, filled by
 * {@link CopyHandler} (memcpy as the active-message handler, registered under the id {@code AM_ID_BASE + sender}
 * with the sender's slot as its argument) while {@code ucp_worker_progress} runs; the device takes the message out
 * of the slot afterwards, on the same thread (measured in-process: an 8-byte half round trip 9-23 % shorter than
 * through the upcall). A slot message is a {@link TinyMessage} (at most 28 bytes) sent as the active message's
 * header, with no data; its envelope's flags carry its data length. A slot is full while its first word, the
 * context, is not 0 (communicator contexts never are).
 *
 * <p><b>Credit.</b> A slot holds one message, and UCX may deliver any number of messages in one progress call, so a
 * sender has at most one slot message outstanding per receiver: it sends the next one only after the receiver has
 * reported taking it; meanwhile its tiny messages take the upcall path, which keeps their order (the handler takes
 * the sender's slot before matching anything newer from it). The report rides on every message back: each envelope
 * carries the count of slot messages the sender has taken from the receiver, mod 16 ({@link Envelope#credit}); one
 * outstanding message means that the count is either the one before or the current one, so the residue decides.
 *
 * <p>Used only for jobs of at most {@link #MAX_RANKS} ranks (a wait for {@code ANY_SOURCE} looks at every slot), and
 * only where {@link CopyHandler#available()}; option {@code slots=false} ({@link UcxOptions}) turns it off. Not thread-safe: the
 * device lock.
 */
final class TinySlots {
    /** Largest job using slots. */
    static final int MAX_RANKS = 64;
    /** The active-message id of sender 0's slot messages; sender {@code s} uses {@code AM_ID_BASE + s}. */
    static final int AM_ID_BASE = Envelope.AM_ID + 1;
    static final long STRIDE = CopyHandler.ALIGNMENT;
    private static final boolean ENABLED = UcxOptions.ofRank().slots();

    private final int self;
    private final long base;
    /** Per peer: slot messages sent to it, and how many of them it has reported taking. */
    private final int[] sent;
    private final int[] acknowledged;
    /** Per peer: slot messages taken from it. */
    private final int[] taken;

    /** Slots of {@code size} ranks at {@code base} ({@code STRIDE * size} bytes, zeroed, 256-aligned); for tests. */
    TinySlots(int self, int size, long base) {
        this.self = self;
        this.base = base;
        this.sent = new int[size];
        this.acknowledged = new int[size];
        this.taken = new int[size];
    }

    /**
     * Allocates rank {@code self}'s slots in {@code arena} and registers the copying handler of every other rank's
     * slot with {@code worker}; returns {@code null} when slots are not used (see the class comment).
     */
    static TinySlots open(UcpWorker worker, int self, int size, Arena arena) {
        if (!ENABLED || size > MAX_RANKS || size < 2 || !CopyHandler.available()) return null;
        long base = arena.allocate(STRIDE * size, STRIDE).address(); // zeroed: every slot empty
        for (int s = 0; s < size; s++) {
            if (s != self) worker.setAmHandler(AM_ID_BASE + s, 0, CopyHandler.address(), base + STRIDE * s);
        }
        return new TinySlots(self, size, base);
    }

    /** The active-message id this rank's slot messages travel under. */
    int amId() {
        return AM_ID_BASE + self;
    }

    /** Whether a tiny message to world rank {@code dest} may go to its slot now. */
    boolean maySend(int dest) {
        return dest != self && sent[dest] == acknowledged[dest];
    }

    /** A slot message to {@code dest} was handed to UCX. */
    void sent(int dest) {
        sent[dest]++;
    }

    /** The credit to put in an envelope going to {@code peer}. */
    int creditFor(int peer) {
        return taken[peer];
    }

    /** An envelope from {@code peer} carried {@code credit} (mod 16): the outstanding slot message may be taken. */
    void credit(int peer, int credit) {
        int n = sent[peer];
        if (n != acknowledged[peer] && (n & Envelope.CREDIT_MASK) == credit) acknowledged[peer] = n;
    }

    /** Native address of world rank {@code source}'s slot. */
    long slot(int source) {
        return base + STRIDE * source;
    }

    /** Whether {@code source}'s slot holds a message. */
    boolean full(int source) {
        return ALL.get(ValueLayout.JAVA_LONG, slot(source)) != 0;
    }

    /** Empties {@code source}'s slot after its message has been taken (matched, or copied as unexpected). */
    void release(int source) {
        ALL.set(ValueLayout.JAVA_LONG, slot(source), 0L);
        taken[source]++;
    }

    /** Slot messages sent and taken so far, for diagnostics. */
    String describe() {
        long out = 0, in = 0;
        for (int n : sent) out += n;
        for (int n : taken) in += n;
        return "tiny messages through slots: " + out + " sent, " + in + " taken";
    }
}

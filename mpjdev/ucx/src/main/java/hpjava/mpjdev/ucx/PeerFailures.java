package hpjava.mpjdev.ucx;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * What one rank knows about peers that have finished, and the failing of requests they leave unanswerable. The
 * launcher's control thread records a finished peer's report ({@link #record}); a thread holding the device lock then
 * fails, in {@link #failOrphans}, posted receives whose source finished after every message it sent here was
 * delivered, and in-flight sends the finished peer never took. {@link UcxDevice} bumps its {@code peerEpoch} after
 * each record, so that its poll loop looks here only once a peer has finished.
 */
final class PeerFailures {
    /** Release/acquire access to {@link #finishedSent}, which publishes the rest of a finished peer's report. */
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);

    private final int rank;
    /** Per world rank: messages it reported having sent to this rank when it finished, or -1. */
    private final int[] finishedSent;
    /**
     * Per finished world rank: how many of this rank's messages had been delivered to it in order when it finished,
     * and the sequence numbers of those it had not taken into a receive (sorted). An in-flight send to a finished
     * rank completes if the rank took the message (it keeps serving progress until the job ends), and fails
     * otherwise.
     */
    private final int[] finishedDelivered;
    private final int[][] finishedUnconsumed;

    PeerFailures(int rank, int size) {
        this.rank = rank;
        this.finishedSent = new int[size];
        Arrays.fill(finishedSent, -1);
        this.finishedDelivered = new int[size];
        this.finishedUnconsumed = new int[size][];
    }

    /**
     * Called by the control thread: world rank {@code peer} finished after sending {@code sentToMe} messages here;
     * {@code deliveredFromMe} of this rank's messages had reached it in order, and those numbered
     * {@code unconsumedFromMe} were never taken by a receive.
     */
    void record(int peer, int sentToMe, int deliveredFromMe, int[] unconsumedFromMe) {
        int[] u = unconsumedFromMe.clone();
        Arrays.sort(u);
        finishedDelivered[peer] = deliveredFromMe;
        finishedUnconsumed[peer] = u;
        INTS.setRelease(finishedSent, peer, sentToMe); // publishes the two fields above
    }

    /**
     * Fails the posted receives of {@code matcher} and the in-flight requests of {@code device} that can never
     * complete because their peers finished. Slot messages must have been taken first (a message still in a slot has
     * arrived and counts as delivered). Device lock held.
     */
    void failOrphans(Matcher matcher, UcxDevice device) {
        PostedReceive p = matcher.firstPosted();
        while (p != null) {
            PostedReceive next = p.next;
            UcxRequest r = (UcxRequest) p.owner;
            if (p.source != PostedReceive.ANY) {
                if (exhausted(matcher, p.source)) {
                    matcher.unpost(p);
                    r.fail(UcxRequest.PEER, "rank " + r.comm.localId(p.source) + describeWorld(r.comm, p.source)
                            + " finished without sending a matching message (tag " + tagText(p.tag) + ")");
                }
            } else if (allOthersExhausted(matcher, r.comm.members())) {
                matcher.unpost(p);
                r.fail(UcxRequest.PEER, "every other rank of the communicator finished without sending a matching"
                        + " message (ANY_SOURCE, tag " + tagText(p.tag) + ")");
            }
            p = next;
        }
        for (UcxRequest r = device.firstInflight(); r != null; ) {
            UcxRequest next = r.nextInflight;
            if (r.isSend && (int) INTS.getAcquire(finishedSent, r.peerWorld) >= 0 && neverTaken(r)) {
                device.cancelInflight(r);
                r.fail(UcxRequest.PEER, "rank " + r.comm.localId(r.peerWorld) + describeWorld(r.comm, r.peerWorld)
                        + " finished without receiving this message");
            }
            r = next;
        }
    }

    /** Whether the send {@code r} to a finished rank can never be taken by a receive there. */
    private boolean neverTaken(UcxRequest r) {
        int p = r.peerWorld;
        return r.seq >= finishedDelivered[p] || Arrays.binarySearch(finishedUnconsumed[p], r.seq) >= 0;
    }

    /** Whether world rank {@code peer} has finished and every message it sent here has been delivered. */
    private boolean exhausted(Matcher matcher, int peer) {
        int n = (int) INTS.getAcquire(finishedSent, peer);
        return n >= 0 && matcher.delivered(peer) >= n;
    }

    private boolean allOthersExhausted(Matcher matcher, int[] members) {
        for (int m : members) if (m != rank && !exhausted(matcher, m)) return false;
        return true;
    }

    private static String tagText(int tag) {
        return tag == PostedReceive.ANY ? "ANY_TAG" : Integer.toString(tag);
    }

    private static String describeWorld(UcxComm comm, int world) {
        return comm.isWorld() ? "" : " (world rank " + world + ")";
    }
}

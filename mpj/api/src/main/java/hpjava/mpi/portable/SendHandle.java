package hpjava.mpi.portable;

import hpjava.mpi.spi.RequestHandle;
import hpjava.mpi.spi.StatusRecord;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.PeerFailedException;
import hpjava.mpjdev.Request;
import mpi.MPIException;

/**
 * A nonblocking send: its mpjdev send, and for a synchronous send the receiver's acknowledgement. Once started, a
 * message cannot be withdrawn from mpjdev, so {@link #cancel()} never succeeds (MPI allows that).
 */
final class SendHandle implements RequestHandle {

    private final Matching matching;
    private final Request request;
    private final int sync;
    private final int dest;
    private final int tag;
    private final long bytes;
    private Buffer buffer;
    private boolean sent;
    private boolean acknowledged;

    SendHandle(Matching matching, Buffer buffer, Request request, int sync, int dest, int tag, long bytes) {
        this.matching = matching;
        this.buffer = buffer;
        this.request = request;
        this.sync = sync;
        this.dest = dest;
        this.tag = tag;
        this.bytes = bytes;
    }

    private void sentNow() {
        sent = true;
        if (buffer != null) {
            buffer.release();
            buffer = null;
        }
    }

    private void observeSent() throws MPIException {
        try {
            request.iwait();
        } catch (PeerFailedException e) {
            sentNow();
            matching.sendDone(this);
            throw new MPIException(mpi.MPI.ERR_PROC_ABORTED, "send to rank " + dest + ": " + e.getMessage(), e);
        }
        sentNow();
    }

    @Override
    public void await(StatusRecord status) throws MPIException {
        if (!sent) observeSent();
        if (sync != 0 && !acknowledged) {
            matching.awaitAck(sync, true);
            acknowledged = true;
        }
        done(status);
    }

    @Override
    public boolean test(StatusRecord status) throws MPIException {
        if (!sent) {
            if (!request.isDone()) {
                IdlePoll.pause();
                return false;
            }
            observeSent();
        }
        if (sync != 0 && !acknowledged) {
            if (!matching.awaitAck(sync, false)) {
                IdlePoll.pause();
                return false;
            }
            acknowledged = true;
        }
        done(status);
        return true;
    }

    private void done(StatusRecord status) {
        matching.sendDone(this);
        status.set(matching.rank(), tag, mpi.MPI.SUCCESS, false, bytes);
    }

    @Override
    public void cancel() {
    }

    /** Lets the send finish unobserved: a thread of the rank waits for it and returns the buffer to the pool. */
    @Override
    public void free() {
        if (sent) {
            matching.sendDone(this);
            return;
        }
        Thread.ofVirtual().name("mpi-freed-send").start(() -> {
            try {
                observeSent();
            } catch (MPIException | RuntimeException e) {
                // nobody observes a freed request; its failure shows as the peer's
            }
            matching.sendDone(this);
        });
    }

    @Override
    public String toString() {
        return "to rank " + dest + " with tag " + tag + (sync != 0 ? " (synchronous)" : "");
    }
}

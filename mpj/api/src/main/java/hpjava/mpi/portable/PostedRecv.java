package hpjava.mpi.portable;

import hpjava.mpi.spi.CompletedRequest;
import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.MessageHandle;
import hpjava.mpi.spi.RequestHandle;
import hpjava.mpi.spi.StatusRecord;
import mpi.MPIException;

/**
 * A posted MPI receive: matched by {@link Matching} (which sets {@link #incoming}), delivered into the user's buffer
 * by the thread that observes completion.
 */
final class PostedRecv implements RequestHandle {

    private final Matching matching;
    private final Data data;
    final int source;
    final int tag;
    volatile Incoming incoming;
    private volatile boolean cancelled;

    PostedRecv(Matching matching, Data data, int source, int tag) {
        this.matching = matching;
        this.data = data;
        this.source = source;
        this.tag = tag;
    }

    private boolean ready() {
        return incoming != null || cancelled;
    }

    private void finish(StatusRecord status) throws MPIException {
        if (cancelled) {
            status.set(source, tag, mpi.MPI.SUCCESS, true, 0);
            return;
        }
        Matching.deliver(incoming, data, status);
    }

    @Override
    public void await(StatusRecord status) throws MPIException {
        matching.progress(true, this::ready);
        finish(status);
    }

    @Override
    public boolean test(StatusRecord status) throws MPIException {
        matching.progress(false, this::ready);
        if (!ready()) {
            IdlePoll.pause();
            return false;
        }
        finish(status);
        return true;
    }

    @Override
    public void cancel() {
        if (matching.cancel(this)) cancelled = true;
    }

    @Override
    public void free() throws MPIException {
        cancel();
    }

    @Override
    public String toString() {
        return "from " + (source < 0 ? "any source" : "rank " + source) + " with " + (tag < 0 ? "any tag" : "tag " + tag);
    }

    /** A message taken by a matched probe, received once. */
    static final class Taken implements MessageHandle {
        private final Incoming message;

        Taken(Incoming message) {
            this.message = message;
        }

        @Override
        public void recv(Data data, StatusRecord status) throws MPIException {
            Matching.deliver(message, data, status);
        }

        @Override
        public RequestHandle irecv(Data data) throws MPIException {
            StatusRecord done = new StatusRecord();
            MPIException error = null;
            try {
                Matching.deliver(message, data, done);
            } catch (MPIException e) {
                error = e;
            }
            return new CompletedRequest(done, error);
        }
    }
}

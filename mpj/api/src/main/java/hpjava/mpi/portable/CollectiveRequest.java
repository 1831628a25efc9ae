package hpjava.mpi.portable;

import hpjava.mpi.spi.CollectiveCall;
import hpjava.mpi.spi.RequestHandle;
import hpjava.mpi.spi.StatusRecord;
import mpi.MPIException;

/**
 * A nonblocking collective: run by a virtual thread of the rank (it inherits the rank's context), with the tag the
 * call took at its start. Progresses whatever the caller does; completes when this rank's part is done.
 */
final class CollectiveRequest implements RequestHandle {

    private final Thread worker;
    private volatile Throwable error;
    private volatile boolean done;

    /** The rank's part of the operation. */
    interface Body {
        void run() throws MPIException;
    }

    CollectiveRequest(CollectiveCall.Kind kind, Body body) {
        worker = Thread.ofVirtual().name("mpi-i" + kind.name().toLowerCase()).unstarted(() -> {
            try {
                body.run();
            } catch (Throwable t) {
                error = t;
            } finally {
                done = true;
            }
        });
        worker.start();
    }

    @Override
    public void await(StatusRecord status) throws MPIException {
        boolean interrupted = false;
        while (true) {
            try {
                worker.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        finish(status);
    }

    @Override
    public boolean test(StatusRecord status) throws MPIException {
        if (!done) {
            IdlePoll.pause();
            return false;
        }
        await(status);
        return true;
    }

    private void finish(StatusRecord status) throws MPIException {
        Throwable t = error;
        if (t instanceof MPIException e) throw e;
        if (t instanceof RuntimeException e) throw e;
        if (t instanceof Error e) throw e;
        status.set(mpi.MPI.ANY_SOURCE, mpi.MPI.ANY_TAG, mpi.MPI.SUCCESS, false, 0);
    }

    @Override
    public void cancel() {
    }

    @Override
    public void free() {
    }
}

package mpi;

import hpjava.mpi.spi.MessageHandle;
import hpjava.mpi.spi.StatusRecord;

/**
 * A message taken by a matched probe ({@link #mProbe}, {@link #imProbe}): no other receive can take it; receive it
 * once with {@link #mRecv} or {@link #imRecv}.
 */
public final class Message {

    private MessageHandle handle;
    private boolean noProc;

    /** A null message, to be filled by a matched probe. */
    public Message() {
    }

    /** Whether no message is held (never probed, or already received). */
    public boolean isNull() {
        return handle == null && !noProc;
    }

    /** Whether the message came from a probe of {@code MPI.PROC_NULL} ({@code MPI_MESSAGE_NO_PROC}). */
    public boolean isNoProc() {
        return noProc;
    }

    /** Blocks for a matching message on {@code comm} and takes it. */
    public Status mProbe(int source, int tag, Comm comm) throws MPIException {
        ArgumentChecks.notNull("mProbe", "comm", comm);
        if (!isNull()) throw new MPIException(ErrorClass.REQUEST, "mProbe: this Message still holds a message; receive it first");
        if (source == MPI.PROC_NULL) {
            noProc = true;
            return Status.empty(MPI.PROC_NULL);
        }
        StatusRecord rec = new StatusRecord();
        handle = comm.mprobeCore("mProbe", source, tag, true, rec);
        return new Status(rec, -1);
    }

    /** Takes a matching message if there is one now (its status), else {@code null}. */
    public Status imProbe(int source, int tag, Comm comm) throws MPIException {
        ArgumentChecks.notNull("imProbe", "comm", comm);
        if (!isNull()) throw new MPIException(ErrorClass.REQUEST, "imProbe: this Message still holds a message; receive it first");
        if (source == MPI.PROC_NULL) {
            noProc = true;
            return Status.empty(MPI.PROC_NULL);
        }
        StatusRecord rec = new StatusRecord();
        handle = comm.mprobeCore("imProbe", source, tag, false, rec);
        return handle == null ? null : new Status(rec, -1);
    }

    /** Receives the message into {@code buf}. */
    public Status mRecv(Object buf, int count, Datatype type) throws MPIException {
        var d = ArgumentChecks.data("mRecv", buf, 0, count, type);
        if (noProc) {
            noProc = false;
            return Status.empty(MPI.PROC_NULL);
        }
        MessageHandle h = take("mRecv");
        StatusRecord rec = new StatusRecord();
        h.recv(d, rec);
        return new Status(rec, -1);
    }

    /** Starts receiving the message into {@code buf}. */
    public Request imRecv(Object buf, int count, Datatype type) throws MPIException {
        var d = ArgumentChecks.data("imRecv", buf, 0, count, type);
        if (noProc) {
            noProc = false;
            return new Request(ArgumentChecks.procNullDone(), null);
        }
        return new Request(take("imRecv").irecv(d), null);
    }

    private MessageHandle take(String what) throws MPIException {
        if (handle == null) throw new MPIException(ErrorClass.REQUEST, what + ": no message: call mProbe or imProbe first");
        MessageHandle h = handle;
        handle = null;
        return h;
    }
}

package hpjava.mpi.ffm;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import hpjava.mpi.spi.CollectiveCall;
import hpjava.mpi.spi.CommChannel;
import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.MessageHandle;
import hpjava.mpi.spi.RequestHandle;
import hpjava.mpi.spi.SendMode;
import hpjava.mpi.spi.StatusRecord;
import hpjava.mpjdev.mpi.MpiLibrary;
import hpjava.mpjdev.watch.Activity;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import mpi.MPIException;

/**
 * A communicator of the native implementation: an {@code MPI_Comm} of the library (with {@code MPI_ERRORS_RETURN}),
 * whose operations are the library's own. Blocking operations start the nonblocking call and poll it
 * ({@link NativeRequest}), so no thread of the rank waits inside MPI while holding the rank's MPI lock and the
 * job's watchdog sees the wait.
 */
final class NativeComm implements CommChannel {
    final long handle;
    private final int rank, size;
    private final NativeEngine engine;

    NativeComm(NativeEngine engine, long handle) throws MPIException {
        this.engine = engine;
        this.handle = handle;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(8, 8);
            Natives.LIB_LOCK.lock();
            try {
                NativeErrors.check((int) CommCalls.SET_ERRHANDLER.invokeExact(handle, Natives.ERRORS_RETURN),
                        "MPI_Comm_set_errhandler");
                NativeErrors.check((int) CommCalls.COMM_RANK.invokeExact(handle, out.address()), "MPI_Comm_rank");
                rank = out.get(JAVA_INT, 0);
                NativeErrors.check((int) CommCalls.COMM_SIZE.invokeExact(handle, out.address()), "MPI_Comm_size");
                size = out.get(JAVA_INT, 0);
            } finally {
                Natives.LIB_LOCK.unlock();
            }
        } catch (MPIException e) {
            throw e;
        } catch (Throwable t) {
            throw NativeErrors.wrap(t, "MPI_Comm_rank");
        }
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int[] worldRanks() {
        return engine.worldRanksOf(this);
    }

    private static int source(int apiSource) {
        return apiSource == ANY_SOURCE ? Natives.ANY_SOURCE : apiSource;
    }

    private static int tag(int apiTag) {
        return apiTag == ANY_TAG ? Natives.ANY_TAG : apiTag;
    }

    // ---------------------------------------------------------------- point-to-point

    @Override
    public void send(SendMode mode, Data data, int dest, int tag) throws MPIException {
        NativeRequest r = startSend(mode, data, dest, tag);
        r.await(null);
    }

    @Override
    public RequestHandle isend(SendMode mode, Data data, int dest, int tag) throws MPIException {
        return startSend(mode, data, dest, tag);
    }

    private NativeRequest startSend(SendMode mode, Data d, int dest, int tag) throws MPIException {
        NativeRequest r = NativeRequest.obtain().forSend(d.buffer(), rank, tag, d.packedBytes());
        long address = r.data.prepare(d, d.count(), true);
        int count = NativeTypes.nativeCount(d.type(), d.count());
        long type = NativeTypes.of(d.type());
        MethodHandle start = switch (mode) {
            case STANDARD -> P2pCalls.ISEND;
            case SYNCHRONOUS -> P2pCalls.ISSEND;
            case BUFFERED -> P2pCalls.IBSEND;
            case READY -> P2pCalls.IRSEND;
        };
        Natives.LIB_LOCK.lock();
        try {
            r.started((int) start.invokeExact(address, count, type, dest, tag, handle, r.request));
            r.poll();
        } catch (Throwable t) {
            throw NativeErrors.wrap(t, "MPI_Isend");
        } finally {
            Natives.LIB_LOCK.unlock();
        }
        return r;
    }

    @Override
    public void recv(Data data, int source, int tag, StatusRecord status) throws MPIException {
        startRecv(data, source, tag).await(status);
    }

    @Override
    public RequestHandle irecv(Data data, int source, int tag) throws MPIException {
        return startRecv(data, source, tag);
    }

    private NativeRequest startRecv(Data d, int source, int tag) throws MPIException {
        NativeRequest r = NativeRequest.obtain().forReceive(d.buffer(), d.isArray());
        long address = r.data.prepare(d, d.count(), !d.type().isContiguous());
        int count = NativeTypes.nativeCount(d.type(), d.count());
        long type = NativeTypes.of(d.type());
        Natives.LIB_LOCK.lock();
        try {
            r.started((int) P2pCalls.IRECV.invokeExact(address, count, type, source(source), tag(tag), handle, r.request));
            r.poll();
        } catch (Throwable t) {
            throw NativeErrors.wrap(t, "MPI_Irecv");
        } finally {
            Natives.LIB_LOCK.unlock();
        }
        return r;
    }

    @Override
    public void probe(int source, int tag, StatusRecord status) throws MPIException {
        NativeRequest slot = NativeRequest.obtain();
        ProbePoll p = new ProbePoll(slot, source(source), tag(tag), handle, false);
        MpiLibrary.await(p, Activity.RECV, size, source, tag);
        p.finish(status);
    }

    @Override
    public boolean iprobe(int source, int tag, StatusRecord status) throws MPIException {
        ProbePoll p = new ProbePoll(NativeRequest.obtain(), source(source), tag(tag), handle, false);
        pollLocked(p);
        if (!p.found) {
            p.discard();
            return false;
        }
        p.finish(status);
        return true;
    }

    @Override
    public MessageHandle mprobe(int source, int tag, StatusRecord status) throws MPIException {
        ProbePoll p = new ProbePoll(NativeRequest.obtain(), source(source), tag(tag), handle, true);
        MpiLibrary.await(p, Activity.RECV, size, source, tag);
        return p.message(status);
    }

    @Override
    public MessageHandle improbe(int source, int tag, StatusRecord status) throws MPIException {
        ProbePoll p = new ProbePoll(NativeRequest.obtain(), source(source), tag(tag), handle, true);
        pollLocked(p);
        if (!p.found) {
            p.discard();
            return null;
        }
        return p.message(status);
    }

    private static void pollLocked(ProbePoll p) {
        Natives.LIB_LOCK.lock();
        try {
            p.poll();
        } finally {
            Natives.LIB_LOCK.unlock();
        }
    }

    // ---------------------------------------------------------------- collectives

    @Override
    public void collective(CollectiveCall call) throws MPIException {
        NativeCollectives.start(call, this).await(null);
    }

    @Override
    public RequestHandle startCollective(CollectiveCall call) throws MPIException {
        return NativeCollectives.start(call, this);
    }

    // ---------------------------------------------------------------- communicators

    @Override
    public CommChannel dup() throws MPIException {
        return engine.made(NativeCommunicators.dup(handle));
    }

    @Override
    public CommChannel split(int color, int key) throws MPIException {
        return engine.made(NativeCommunicators.split(handle, color == UNDEFINED ? Natives.UNDEFINED : color, key));
    }

    @Override
    public CommChannel create(int[] members) throws MPIException {
        return engine.made(NativeCommunicators.create(handle, members, -1));
    }

    @Override
    public CommChannel createGroup(int[] members, int tag) throws MPIException {
        return engine.made(NativeCommunicators.create(handle, members, tag));
    }

    @Override
    public void free() throws MPIException {
        NativeCommunicators.free(handle);
    }
}

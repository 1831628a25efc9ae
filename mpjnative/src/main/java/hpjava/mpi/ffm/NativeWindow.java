package hpjava.mpi.ffm;

import static hpjava.mpi.ffm.Bind.fast;
import static hpjava.mpi.ffm.Bind.fn;

import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.Reduction;
import hpjava.mpi.spi.TypeLayout;
import hpjava.mpi.spi.WindowChannel;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.Buffer;
import mpi.MPI;
import mpi.MPIException;

/**
 * A window of the library ({@code MPI_Win_create} over the user's direct buffer, with {@code MPI_ERRORS_RETURN}).
 * Puts, gets and accumulates return at once; synchronisation calls (fence, unlock, flush, free) may wait for other
 * ranks and are made holding the rank's MPI lock, as communicator construction is. Origin buffers are direct, used in
 * place; they stay reachable from this window until the epoch's synchronisation.
 */
final class NativeWindow implements WindowChannel {
    private static final MethodHandle CREATE = fn("MPI_Win_create", "paihhp"), FREE = fn("MPI_Win_free", "p"),
            PUT = fast("MPI_Put", "pihiaihh"), GET = fast("MPI_Get", "pihiaihh"),
            ACCUMULATE = fast("MPI_Accumulate", "pihiaihhh"), FENCE = fn("MPI_Win_fence", "ih"),
            LOCK = fn("MPI_Win_lock", "iiih"), UNLOCK = fn("MPI_Win_unlock", "ih"),
            LOCK_ALL = fn("MPI_Win_lock_all", "ih"), UNLOCK_ALL = fn("MPI_Win_unlock_all", "h"),
            FLUSH = fn("MPI_Win_flush", "ih"), SET_ERRHANDLER = fast("MPI_Win_set_errhandler", "hh");
    private static final int[][] ASSERTIONS = {
        {MPI.MODE_NOCHECK, Natives.LIB.constant("MPI_MODE_NOCHECK")},
        {MPI.MODE_NOPRECEDE, Natives.LIB.constant("MPI_MODE_NOPRECEDE")},
        {MPI.MODE_NOPUT, Natives.LIB.constant("MPI_MODE_NOPUT")},
        {MPI.MODE_NOSTORE, Natives.LIB.constant("MPI_MODE_NOSTORE")},
        {MPI.MODE_NOSUCCEED, Natives.LIB.constant("MPI_MODE_NOSUCCEED")}};

    private final long win;
    private final MemorySegment handleCell = Arena.ofAuto().allocate(8, 8);
    /** The window's memory and the origin buffers of the current epoch, kept reachable while MPI may use them. */
    private final Buffer base;
    private final java.util.List<Object> epochBuffers = new java.util.ArrayList<>();

    NativeWindow(NativeComm comm, Buffer base, int size, int dispUnit) throws MPIException {
        this.base = base;
        long address = Staging.directAddress(base);
        NativeCommunicators.locked(() -> (int) CREATE.invokeExact(address, (long) size, dispUnit, Natives.INFO_NULL,
                comm.handle, handleCell.address()), "MPI_Win_create");
        win = Natives.handleAt(handleCell, 0);
        NativeCommunicators.locked(() -> (int) SET_ERRHANDLER.invokeExact(win, Natives.ERRORS_RETURN), "MPI_Win_set_errhandler");
    }

    private static int assertion(int api) {
        int a = 0;
        for (int[] m : ASSERTIONS) if ((api & m[0]) != 0) a |= m[1];
        return a;
    }

    private long origin(Data d) {
        synchronized (epochBuffers) {
            epochBuffers.add(d.buffer());
        }
        return Staging.directAddress((Buffer) d.buffer()) + (long) d.offset() * Staging.unitBytes(d.type());
    }

    private void epochEnded() {
        synchronized (epochBuffers) {
            epochBuffers.clear();
        }
    }

    @Override
    public void put(Data o, int rank, long disp, int count, TypeLayout type) throws MPIException {
        transfer(PUT, "MPI_Put", o, rank, disp, count, type);
    }

    @Override
    public void get(Data o, int rank, long disp, int count, TypeLayout type) throws MPIException {
        transfer(GET, "MPI_Get", o, rank, disp, count, type);
    }

    /** {@code MPI_Put} or {@code MPI_Get}: the same arguments. */
    private void transfer(MethodHandle call, String name, Data o, int rank, long disp, int count, TypeLayout type)
            throws MPIException {
        long a = origin(o);
        int n = NativeTypes.nativeCount(o.type(), o.count()), tn = NativeTypes.nativeCount(type, count);
        long ot = NativeTypes.of(o.type()), tt = NativeTypes.of(type);
        NativeCommunicators.locked(() -> (int) call.invokeExact(a, n, ot, rank, disp, tn, tt, win), name);
    }

    @Override
    public void accumulate(Data o, int rank, long disp, int count, TypeLayout type, Reduction op) throws MPIException {
        long a = origin(o);
        int n = NativeTypes.nativeCount(o.type(), o.count()), tn = NativeTypes.nativeCount(type, count);
        long ot = NativeTypes.of(o.type()), tt = NativeTypes.of(type), nop = NativeOps.predefined(op);
        NativeCommunicators.locked(() -> (int) ACCUMULATE.invokeExact(a, n, ot, rank, disp, tn, tt, nop, win),
                "MPI_Accumulate");
    }

    @Override
    public void fence(int assertion) throws MPIException {
        int a = assertion(assertion);
        NativeCommunicators.locked(() -> (int) FENCE.invokeExact(a, win), "MPI_Win_fence");
        epochEnded();
    }

    @Override
    public void lock(int lockType, int rank, int assertion) throws MPIException {
        int t = Natives.LIB.constant(lockType == MPI.LOCK_EXCLUSIVE ? "MPI_LOCK_EXCLUSIVE" : "MPI_LOCK_SHARED");
        int a = assertion(assertion);
        NativeCommunicators.locked(() -> (int) LOCK.invokeExact(t, rank, a, win), "MPI_Win_lock");
    }

    @Override
    public void unlock(int rank) throws MPIException {
        NativeCommunicators.locked(() -> (int) UNLOCK.invokeExact(rank, win), "MPI_Win_unlock");
        epochEnded();
    }

    @Override
    public void lockAll(int assertion) throws MPIException {
        int a = assertion(assertion);
        NativeCommunicators.locked(() -> (int) LOCK_ALL.invokeExact(a, win), "MPI_Win_lock_all");
    }

    @Override
    public void unlockAll() throws MPIException {
        NativeCommunicators.locked(() -> (int) UNLOCK_ALL.invokeExact(win), "MPI_Win_unlock_all");
        epochEnded();
    }

    @Override
    public void flush(int rank) throws MPIException {
        NativeCommunicators.locked(() -> (int) FLUSH.invokeExact(rank, win), "MPI_Win_flush");
    }

    @Override
    public void free() throws MPIException {
        NativeCommunicators.locked(() -> (int) FREE.invokeExact(handleCell.address()), "MPI_Win_free");
        epochEnded();
    }
}

package hpjava.mpi.ffm;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.MessageHandle;
import hpjava.mpi.spi.RequestHandle;
import hpjava.mpi.spi.StatusRecord;
import java.lang.foreign.MemorySegment;
import mpi.MPIException;

/** A message taken out of matching by {@code MPI_Improbe}, received with {@code MPI_Imrecv}. */
final class NativeMessage implements MessageHandle {
    private final long message;

    NativeMessage(long message) {
        this.message = message;
    }

    @Override
    public void recv(Data data, StatusRecord status) throws MPIException {
        irecv(data).await(status);
    }

    @Override
    public RequestHandle irecv(Data d) throws MPIException {
        NativeRequest r = NativeRequest.obtain().forReceive(d.buffer(), d.isArray());
        long address = r.data.prepare(d, d.count(), !d.type().isContiguous());
        int count = NativeTypes.nativeCount(d.type(), d.count());
        long type = NativeTypes.of(d.type());
        MemorySegment m = MemorySegment.ofAddress(r.message).reinterpret(JAVA_LONG.byteSize());
        Natives.setHandleAt(m, 0, message);
        Natives.LIB_LOCK.lock();
        try {
            r.started((int) P2pCalls.IMRECV.invokeExact(address, count, type, r.message, r.request));
            r.poll();
        } catch (Throwable t) {
            throw NativeErrors.wrap(t, "MPI_Imrecv");
        } finally {
            Natives.LIB_LOCK.unlock();
        }
        return r;
    }
}

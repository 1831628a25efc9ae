package hpjava.mpi.ffm;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import hpjava.mpi.spi.CommChannel;
import hpjava.mpi.spi.MpiEngine;
import hpjava.mpjdev.mpi.MpiLibrary;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import mpi.MPIException;

/**
 * The native implementation for one rank of the mpi backend: the world is the API's own duplicate of
 * {@code MPI_COMM_WORLD} made by the device at start-up ({@link MpiLibrary#apiWorld()}), {@code COMM_SELF} a
 * duplicate of {@code MPI_COMM_SELF}; MPI's lifetime stays the runtime's.
 */
final class NativeEngine implements MpiEngine {
    private final NativeComm world, self;
    private final int tagUpperBound;
    private ByteBuffer attached;

    NativeEngine() throws MPIException {
        // MPICH reports a failed MPI_Test (a truncated receive) through MPI_COMM_WORLD's error handler, not the
        // request's communicator's: with the default, MPI_ERRORS_ARE_FATAL, the job would abort instead of the
        // receive throwing. The device's own communicators were duplicated before and keep theirs.
        long commWorld = Natives.LIB.predefined("MPI_COMM_WORLD");
        NativeCommunicators.locked(() -> (int) CommCalls.SET_ERRHANDLER.invokeExact(commWorld, Natives.ERRORS_RETURN),
                "MPI_Comm_set_errhandler");
        world = new NativeComm(this, MpiLibrary.apiWorld());
        self = new NativeComm(this, NativeCommunicators.dup(Natives.COMM_SELF));
        tagUpperBound = readTagUpperBound(world.handle);
    }

    private static int readTagUpperBound(long comm) throws MPIException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment value = a.allocate(8, 8), flag = a.allocate(4, 4);
            int key = Natives.LIB.constant("MPI_TAG_UB");
            NativeCommunicators.locked(() -> (int) CommCalls.GET_ATTR.invokeExact(comm, key, value.address(),
                    flag.address()), "MPI_Comm_get_attr");
            if (flag.get(JAVA_INT, 0) == 0) return 32767;
            return value.get(ValueLayout.ADDRESS, 0).reinterpret(4).get(JAVA_INT, 0);
        }
    }

    /** A communicator the library made, or null for {@code MPI_COMM_NULL}. */
    CommChannel made(long handle) throws MPIException {
        return handle == Natives.COMM_NULL ? null : new NativeComm(this, handle);
    }

    int[] worldRanksOf(NativeComm c) {
        try {
            return NativeCommunicators.translate(c.handle, c.size(), world.handle);
        } catch (MPIException e) {
            throw new IllegalStateException("the ranks of a communicator cannot be translated: " + e.getMessage(), e);
        }
    }

    @Override
    public CommChannel world() {
        return world;
    }

    @Override
    public CommChannel self() {
        return self;
    }

    @Override
    public int tagUpperBound() {
        return tagUpperBound;
    }

    @Override
    public double wtime() {
        return System.nanoTime() * 1e-9;
    }

    @Override
    public double wtick() {
        return 1e-9;
    }

    @Override
    public String processorName() {
        int max = Natives.LIB.constant("MPI_MAX_PROCESSOR_NAME");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment s = a.allocate(max + 1L), len = a.allocate(JAVA_INT);
            NativeCommunicators.locked(() -> (int) CommCalls.PROCESSOR_NAME.invokeExact(s.address(), len.address()),
                    "MPI_Get_processor_name");
            return s.getString(0, StandardCharsets.UTF_8);
        } catch (MPIException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    @Override
    public String libraryVersion() {
        return "native (java.lang.foreign) over " + Natives.LIB.abi().libraryVersion();
    }

    @Override
    public void attachBuffer(ByteBuffer buffer) throws MPIException {
        long address = Staging.directAddress(buffer);
        int size = buffer.capacity();
        NativeCommunicators.locked(() -> (int) P2pCalls.BUFFER_ATTACH.invokeExact(address, size), "MPI_Buffer_attach");
        attached = buffer;
    }

    /** Waits (polling, without the MPI lock) until every buffered send has left, then detaches the buffer. */
    @Override
    public ByteBuffer detachBuffer() throws MPIException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment addr = a.allocate(8, 8), size = a.allocate(4, 4);
            NativeCommunicators.locked(() -> (int) P2pCalls.BUFFER_DETACH.invokeExact(addr.address(), size.address()),
                    "MPI_Buffer_detach");
        }
        ByteBuffer b = attached;
        attached = null;
        return b;
    }

    @Override
    public void abort(int errorCode) throws MPIException {
        NativeCommunicators.locked(() -> (int) CommCalls.ABORT.invokeExact(world.handle, errorCode), "MPI_Abort");
    }

    @Override
    public List<String> finish() {
        return List.of();
    }
}

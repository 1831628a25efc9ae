package hpjava.mpi.ffm;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import mpi.MPIException;

/**
 * Communicator construction: {@code MPI_Comm_dup}, {@code _split}, {@code _create}, {@code _create_group},
 * {@code _free}, and rank translation. These are collective calls that may wait for the other members; they are
 * made holding the rank's MPI lock (as the device's own {@code MPI_Comm_create_group}), so another thread of the
 * rank does not call MPI meanwhile. Each returns the new handle, or {@link Natives#COMM_NULL}.
 */
final class NativeCommunicators {
    private NativeCommunicators() {}

    static long dup(long comm) throws MPIException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(8, 8);
            locked(() -> (int) CommCalls.COMM_DUP.invokeExact(comm, out.address()), "MPI_Comm_dup");
            return Natives.handleAt(out, 0);
        }
    }

    static long split(long comm, int color, int key) throws MPIException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(8, 8);
            locked(() -> (int) CommCalls.COMM_SPLIT.invokeExact(comm, color, key, out.address()), "MPI_Comm_split");
            return Natives.handleAt(out, 0);
        }
    }

    /** {@code MPI_Comm_create} ({@code tag < 0}) or {@code MPI_Comm_create_group} of {@code members} of {@code comm}. */
    static long create(long comm, int[] members, int tag) throws MPIException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(8, 8), group = a.allocate(8, 8), sub = a.allocate(8, 8);
            MemorySegment ranks = a.allocateFrom(JAVA_INT, members.length == 0 ? new int[1] : members);
            locked(() -> (int) CommCalls.COMM_GROUP.invokeExact(comm, group.address()), "MPI_Comm_group");
            long g = Natives.handleAt(group, 0);
            locked(() -> (int) CommCalls.GROUP_INCL.invokeExact(g, members.length, ranks.address(), sub.address()),
                    "MPI_Group_incl");
            long s = Natives.handleAt(sub, 0);
            try {
                if (tag < 0) locked(() -> (int) CommCalls.COMM_CREATE.invokeExact(comm, s, out.address()), "MPI_Comm_create");
                else locked(() -> (int) CommCalls.COMM_CREATE_GROUP.invokeExact(comm, s, tag, out.address()),
                        "MPI_Comm_create_group");
            } finally {
                locked(() -> (int) CommCalls.GROUP_FREE.invokeExact(sub.address()), "MPI_Group_free");
                locked(() -> (int) CommCalls.GROUP_FREE.invokeExact(group.address()), "MPI_Group_free");
            }
            return Natives.handleAt(out, 0);
        }
    }

    static void free(long comm) throws MPIException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment c = a.allocate(8, 8);
            Natives.setHandleAt(c, 0, comm);
            locked(() -> (int) CommCalls.COMM_FREE.invokeExact(c.address()), "MPI_Comm_free");
        }
    }

    /** The ranks in {@code world} of the members of {@code comm}, in {@code comm}'s order. */
    static int[] translate(long comm, int size, long world) throws MPIException {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment g1 = a.allocate(8, 8), g2 = a.allocate(8, 8);
            MemorySegment in = a.allocate(JAVA_INT, size), out = a.allocate(JAVA_INT, size);
            for (int i = 0; i < size; i++) in.setAtIndex(JAVA_INT, i, i);
            locked(() -> (int) CommCalls.COMM_GROUP.invokeExact(comm, g1.address()), "MPI_Comm_group");
            locked(() -> (int) CommCalls.COMM_GROUP.invokeExact(world, g2.address()), "MPI_Comm_group");
            long a1 = Natives.handleAt(g1, 0), a2 = Natives.handleAt(g2, 0);
            locked(() -> (int) CommCalls.GROUP_TRANSLATE.invokeExact(a1, size, in.address(), a2, out.address()),
                    "MPI_Group_translate_ranks");
            locked(() -> (int) CommCalls.GROUP_FREE.invokeExact(g1.address()), "MPI_Group_free");
            locked(() -> (int) CommCalls.GROUP_FREE.invokeExact(g2.address()), "MPI_Group_free");
            return out.toArray(JAVA_INT);
        }
    }

    @FunctionalInterface
    interface Call {
        int run() throws Throwable;
    }

    /** Runs one MPI call holding the rank's MPI lock; throws its error as {@link MPIException}. */
    static void locked(Call call, String function) throws MPIException {
        int rc;
        Natives.LIB_LOCK.lock();
        try {
            rc = call.run();
        } catch (Throwable t) {
            throw NativeErrors.wrap(t, function);
        } finally {
            Natives.LIB_LOCK.unlock();
        }
        NativeErrors.check(rc, function);
    }
}

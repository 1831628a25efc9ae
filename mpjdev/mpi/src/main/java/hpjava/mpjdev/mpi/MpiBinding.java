package hpjava.mpjdev.mpi;

import hpjava.mpjdev.DeviceException;
import java.lang.foreign.MemorySegment;

/**
 * The few MPI calls the mpi backend makes, behind one interface so that the framing, matching and waiting code
 * ({@link MpiDevice}, {@link MpiComm}, {@link MpiRequest}, {@link MpiCollectives}, {@link PeerWatch}) is written once
 * for every binding: {@link FfmBinding} (the default: the MPI C library of Open MPI or MPICH called through
 * {@code java.lang.foreign}) and {@link JniBinding} (Open MPI's Java bindings, {@code mpi.jar}).
 *
 * <p>Every call is made holding {@link MpiDevice#LOCK} and returns at once, except {@link #createGroup} (collective
 * over the group's members), {@link #recvProbed} (for a message {@link #iprobe} has seen) and {@link #abort}.
 * Communicators are {@code long} handles the binding hands out; data is native memory ({@link MemorySegment}), sent
 * and received in place; every transfer is of {@code MPI_BYTE}. A failed call throws {@link DeviceException}.
 */
abstract class MpiBinding {

    /** Thread levels, numbered as the MPI standard orders them. */
    static final int THREAD_SINGLE = 0, THREAD_SERIALIZED = 2;

    /** The binding's name as users select it ({@code --option binding=NAME}). */
    abstract String name();

    /** The MPI library in use, one line (e.g. {@code Open MPI v4.1.4, ...}). */
    abstract String libraryVersion();

    /** {@code MPI_Init_thread}; returns the thread level provided (standard numbering). */
    abstract int init(int requiredLevel);

    abstract long world();

    abstract int rank(long comm);

    abstract int size(long comm);

    abstract long dup(long comm);

    /** {@code MPI_Comm_create_group} of the world ranks {@code members}; collective over those members only. */
    abstract long createGroup(int[] members, int tag);

    abstract int anySource();

    abstract int anyTag();

    /** The largest tag MPI accepts ({@code MPI_TAG_UB}, at least 32767; Open MPI 2^31-1, MPICH 2^28-1); after init. */
    abstract int tagUpperBound();

    /** A reusable request slot: one MPI operation at a time, started by the calls below, finished by {@link Req#test()}. */
    abstract Req newRequest();

    abstract void isend(MemorySegment data, int bytes, int dest, int tag, long comm, Req r);

    /** {@code withStatus}: the source and tag of the message are wanted ({@link Req#source()}, {@link Req#tag()}). */
    abstract void irecv(MemorySegment data, int bytes, int source, int tag, long comm, Req r, boolean withStatus);

    abstract void ibarrier(long comm, Req r);

    abstract void ibcast(MemorySegment data, int bytes, int root, long comm, Req r);

    /**
     * {@code MPI_Igather} of {@code bytes} from every rank into {@code data} at {@code root}, in place: the root's own
     * contribution is already at its slot, every other rank sends the first {@code bytes} of {@code data}.
     */
    abstract void igatherInPlace(MemorySegment data, int bytes, int root, boolean isRoot, long comm, Req r);

    /**
     * {@code MPI_Iallgather} of {@code bytes} from every rank into {@code data} on every rank, in place: rank
     * {@code r}'s contribution already sits at {@code r * bytes}, and every rank ends with all of them there.
     */
    abstract void iallgatherInPlace(MemorySegment data, int bytes, long comm, Req r);

    /** {@code MPI_Iprobe}: the source of a matching message that has arrived, or -1. */
    abstract int iprobe(int source, int tag, long comm);

    /** {@code MPI_Recv} of a message {@link #iprobe} has reported (so it does not wait). */
    abstract void recvProbed(MemorySegment data, int bytes, int source, int tag, long comm);

    abstract void finish();

    abstract boolean finished();

    /** {@code MPI_Abort} on the world; returns only if that failed. */
    abstract void abort(int status);

    /**
     * {@code MPI_Testsome} over the first {@code n} of {@code slots} (each holding an operation not yet seen complete):
     * returns how many have completed and puts their positions in {@code completed[0..k)}. A completed slot is
     * <em>latched</em>: its next {@link Req#test()} returns true at once (without calling MPI) and its status is
     * there, so the owner of each slot finishes it as usual. This default tests the slots one by one (what the jni
     * binding does: Open MPI's Java bindings take {@code mpi.Request[]}, whose allocation per call would cost more).
     */
    int testSome(Req[] slots, int n, int[] completed) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            Req r = slots[i];
            if (r.latched || r.testNow()) {
                r.latched = true;
                completed[k++] = i;
            }
        }
        return k;
    }

    /** One outstanding MPI operation at a time; reused for the next once {@link #test()} has returned true. */
    abstract static class Req {
        /** Completed by {@link #testSome}, not yet reported by {@link #test()}. Guarded by {@link MpiDevice#LOCK}. */
        boolean latched;

        /** {@code MPI_Test}: true once the operation has completed (then the slot is free again). */
        final boolean test() {
            if (latched) {
                latched = false;
                return true;
            }
            return testNow();
        }

        /** {@code MPI_Test} itself. */
        abstract boolean testNow();

        /** The source of a completed receive started with {@code withStatus}. */
        abstract int source();

        /** The tag of a completed receive started with {@code withStatus}. */
        abstract int tag();
    }

    /** Loads the binding this rank process was started for ({@link MpiOptions} key {@code binding}, set by the launcher). */
    static MpiBinding load() {
        String name = MpiOptions.ofRank().binding("ffm");
        return switch (name) {
            case "ffm" -> FfmBinding.load(MpiAbi.load());
            case "jni" -> {
                try {
                    yield (MpiBinding) Class.forName("hpjava.mpjdev.mpi.JniBinding").getDeclaredConstructor().newInstance();
                } catch (ReflectiveOperationException | LinkageError e) {
                    throw new DeviceException("the jni binding (Open MPI's Java bindings) is not available in this build: "
                            + e + " (bin/setup-mpi.sh builds mpi.jar; rebuild mpjdev/mpi afterwards)", e);
                }
            }
            default -> throw new IllegalStateException("binding " + name);  // MpiOptions.binding admits no other
        };
    }
}

package hpjava.mpjdev.mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import hpjava.mpjdev.DeviceException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;

/**
 * The MPI C library ({@code libmpi.so.40} of Open MPI, {@code libmpich.so.12} of MPICH, ...) called through
 * {@code java.lang.foreign}: no JNI, no {@code mpi.jar}. What differs between implementations (handle sizes,
 * predefined handles, constants, {@code MPI_Status}) comes from the {@link MpiAbi} table made from the
 * implementation's own {@code mpi.h}; the calls are bound by {@link FfmCalls}. Data is passed as the address of the
 * caller's native memory (no copy). Each {@link Req} owns a small native block holding its {@code MPI_Request},
 * {@code MPI_Status} and the test flag, so starting and testing operations allocates nothing.
 */
final class FfmBinding extends MpiBinding {
    private final MpiAbi abi;
    private final FfmCalls c;
    private final String version;
    private final long world;
    private final long byteType;
    private final int anySource;
    private final int anyTag;
    private final int success;
    private final MemorySegment statusIgnore;
    private final long statusIgnoreAddress;
    private final MemorySegment inPlace;
    private final ValueLayout handle;
    private final MemorySegment scratch;          // out-parameters of the set-up calls, used under MpiDevice.LOCK
    private final int[] levels;
    /** The per-message calls go through {@link FfmCalls.Hot}'s constants (true but in a second binding of a process). */
    private final boolean hot;

    private FfmBinding(MpiLibrary library) {
        MpiAbi abi = library.abi();
        this.abi = abi;
        this.c = new FfmCalls(library);
        this.hot = c.isFirst();
        this.version = FfmCalls.libraryVersion(c, abi.maxLibraryVersion());
        if (!version.equals(abi.libraryVersion())) {
            throw new DeviceException(abi.library() + " reports '" + version + "', but the ABI table " + abi.source()
                    + " was made for '" + abi.libraryVersion() + "': the MPI library has changed since; run "
                    + "bin/setup-mpi.sh again to remake the table");
        }
        this.world = library.predefined("MPI_COMM_WORLD");
        this.byteType = library.predefined("MPI_BYTE");
        this.anySource = abi.constant("MPI_ANY_SOURCE");
        this.anyTag = abi.constant("MPI_ANY_TAG");
        this.success = abi.constant("MPI_SUCCESS");
        this.statusIgnore = MemorySegment.ofAddress(library.predefined("MPI_STATUS_IGNORE"));
        this.statusIgnoreAddress = statusIgnore.address();
        this.inPlace = MemorySegment.ofAddress(library.predefined("MPI_IN_PLACE"));
        this.handle = abi.handleBytes() == 4 ? JAVA_INT : JAVA_LONG;
        this.scratch = Arena.global().allocate(64 + abi.statusBytes(), 8);
        this.levels = new int[] {abi.constant("MPI_THREAD_SINGLE"), abi.constant("MPI_THREAD_FUNNELED"),
                abi.constant("MPI_THREAD_SERIALIZED"), abi.constant("MPI_THREAD_MULTIPLE")};
    }

    /** Loads the library the table names (globally, as MPI's plug-ins need) and checks its version against the table. */
    static FfmBinding load(MpiAbi abi) {
        MpiLibrary lib = MpiLibrary.load(abi);
        FfmBinding b = new FfmBinding(lib);
        MpiLibrary.setOfRank(lib);
        return b;
    }

    @Override
    String name() {
        return "ffm";
    }

    @Override
    String libraryVersion() {
        return version;
    }

    MpiAbi abi() {
        return abi;
    }

    FfmCalls calls() {
        return c;
    }

    long byteType() {
        return byteType;
    }

    MemorySegment statusIgnore() {
        return statusIgnore;
    }

    /** The request slot's {@code MPI_Request} (for measurements that call the library directly). */
    static MemorySegment requestOf(Req r) {
        return ((FfmReq) r).request;
    }

    @Override
    int init(int requiredLevel) {
        MemorySegment provided = scratch.asSlice(0, 4);
        check("MPI_Init_thread", call(() -> (int) c.initThread.invokeExact(MemorySegment.NULL, MemorySegment.NULL,
                levels[requiredLevel], provided)));
        int p = provided.get(JAVA_INT, 0);
        for (int i = levels.length - 1; i >= 0; i--) if (p == levels[i]) return i;
        throw new DeviceException("MPI_Init_thread returned an unknown thread level " + p);
    }

    @Override
    long world() {
        return world;
    }

    @Override
    int rank(long comm) {
        MemorySegment out = scratch.asSlice(0, 4);
        check("MPI_Comm_rank", call(() -> (int) c.commRank.invokeExact(comm, out)));
        return out.get(JAVA_INT, 0);
    }

    @Override
    int size(long comm) {
        MemorySegment out = scratch.asSlice(0, 4);
        check("MPI_Comm_size", call(() -> (int) c.commSize.invokeExact(comm, out)));
        return out.get(JAVA_INT, 0);
    }

    @Override
    long dup(long comm) {
        MemorySegment out = scratch.asSlice(0, 8);
        check("MPI_Comm_dup", call(() -> (int) c.commDup.invokeExact(comm, out)));
        return readHandle(out);
    }

    @Override
    long createGroup(int[] members, int tag) {
        MemorySegment worldGroup = scratch.asSlice(0, 8), group = scratch.asSlice(8, 8), comm = scratch.asSlice(16, 8);
        MemorySegment ranks = Arena.ofAuto().allocateFrom(JAVA_INT, members);
        check("MPI_Comm_group", call(() -> (int) c.commGroup.invokeExact(world, worldGroup)));
        long wg = readHandle(worldGroup);
        check("MPI_Group_incl", call(() -> (int) c.groupIncl.invokeExact(wg, members.length, ranks, group)));
        long g = readHandle(group);
        check("MPI_Comm_create_group", call(() -> (int) c.commCreateGroup.invokeExact(world, g, tag, comm)));
        long result = readHandle(comm);
        check("MPI_Group_free", call(() -> (int) c.groupFree.invokeExact(group)));
        check("MPI_Group_free", call(() -> (int) c.groupFree.invokeExact(worldGroup)));
        return result;
    }

    private long readHandle(MemorySegment s) {
        return handle == JAVA_INT ? s.get(JAVA_INT, 0) : s.get(JAVA_LONG, 0);
    }

    @Override
    int anySource() {
        return anySource;
    }

    @Override
    int anyTag() {
        return anyTag;
    }

    @Override
    int tagUpperBound() {
        MemorySegment value = scratch.asSlice(0, 8), flag = scratch.asSlice(8, 4);
        int keyval = abi.constant("MPI_TAG_UB");
        check("MPI_Comm_get_attr", call(() -> (int) c.commGetAttr.invokeExact(world, keyval, value, flag)));
        if (flag.get(JAVA_INT, 0) == 0) throw new DeviceException("MPI_Comm_get_attr(MPI_TAG_UB) found no value");
        return value.get(ValueLayout.ADDRESS, 0).reinterpret(4).get(JAVA_INT, 0);
    }

    @Override
    Req newRequest() {
        // Freed with the slot by the GC; a slot is reachable (from its buffer) while an operation is outstanding.
        return new FfmReq(Arena.ofAuto().allocate(abi.requestBytes() + abi.statusBytes() + 8L, 8));
    }

    @Override
    void isend(MemorySegment data, int bytes, int dest, int tag, long comm, Req r) {
        int rc;
        try {
            long a = data.address(), req = ((FfmReq) r).requestAddress;
            rc = hot ? (int) FfmCalls.Hot.ISEND.invokeExact(a, bytes, byteType, dest, tag, comm, req)
                     : (int) c.isend.invokeExact(a, bytes, byteType, dest, tag, comm, req);
        } catch (Throwable t) {
            throw rethrow("MPI_Isend", t);
        }
        if (rc != success) throw error("MPI_Isend", rc);
        ((FfmReq) r).withStatus = false;
    }

    @Override
    void irecv(MemorySegment data, int bytes, int source, int tag, long comm, Req r, boolean withStatus) {
        int rc;
        try {
            long a = data.address(), req = ((FfmReq) r).requestAddress;
            rc = hot ? (int) FfmCalls.Hot.IRECV.invokeExact(a, bytes, byteType, source, tag, comm, req)
                     : (int) c.irecv.invokeExact(a, bytes, byteType, source, tag, comm, req);
        } catch (Throwable t) {
            throw rethrow("MPI_Irecv", t);
        }
        if (rc != success) throw error("MPI_Irecv", rc);
        ((FfmReq) r).withStatus = withStatus;
    }

    @Override
    void ibarrier(long comm, Req r) {
        FfmReq q = (FfmReq) r;
        check("MPI_Ibarrier", call(() -> (int) c.ibarrier.invokeExact(comm, q.request)));
        q.withStatus = false;
    }

    @Override
    void ibcast(MemorySegment data, int bytes, int root, long comm, Req r) {
        FfmReq q = (FfmReq) r;
        check("MPI_Ibcast", call(() -> (int) c.ibcast.invokeExact(data, bytes, byteType, root, comm, q.request)));
        q.withStatus = false;
    }

    @Override
    void igatherInPlace(MemorySegment data, int bytes, int root, boolean isRoot, long comm, Req r) {
        FfmReq q = (FfmReq) r;
        MemorySegment send = isRoot ? inPlace : data;
        check("MPI_Igather", call(() -> (int) c.igather.invokeExact(send, bytes, byteType, data, bytes, byteType, root,
                comm, q.request)));
        q.withStatus = false;
    }

    @Override
    void iallgatherInPlace(MemorySegment data, int bytes, long comm, Req r) {
        FfmReq q = (FfmReq) r;
        check("MPI_Iallgather", call(() -> (int) c.iallgather.invokeExact(inPlace, 0, byteType, data, bytes, byteType,
                comm, q.request)));
        q.withStatus = false;
    }

    @Override
    int iprobe(int source, int tag, long comm) {
        MemorySegment flag = scratch.asSlice(0, 4), status = scratch.asSlice(8, abi.statusBytes());
        check("MPI_Iprobe", call(() -> (int) c.iprobe.invokeExact(source, tag, comm, flag.address(), status.address())));
        return flag.get(JAVA_INT, 0) != 0 ? status.get(JAVA_INT, abi.statusSource()) : -1;
    }

    @Override
    void recvProbed(MemorySegment data, int bytes, int source, int tag, long comm) {
        check("MPI_Recv", call(() -> (int) c.recv.invokeExact(data, bytes, byteType, source, tag, comm, statusIgnore)));
    }

    @Override
    void finish() {
        check("MPI_Finalize", call(() -> (int) c.finalizeMpi.invokeExact()));
    }

    @Override
    boolean finished() {
        MemorySegment flag = scratch.asSlice(0, 4);
        check("MPI_Finalized", call(() -> (int) c.finalized.invokeExact(flag)));
        return flag.get(JAVA_INT, 0) != 0;
    }

    @Override
    void abort(int status) {
        check("MPI_Abort", call(() -> (int) c.abort.invokeExact(world, status)));
    }

    // MPI_Testsome's arrays, grown on demand (used under MpiDevice.LOCK): requests, indices, statuses, outcount.
    private MemorySegment someRequests = MemorySegment.NULL, someIndices, someStatuses, someCount;
    private int[] someSlot = new int[0];   // position in the caller's slots of each request passed to MPI

    @Override
    int testSome(Req[] slots, int n, int[] completed) {
        if (someSlot.length < n) growSome(n);
        final int rb = abi.requestBytes(), sb = abi.statusBytes();
        int k = 0, m = 0;
        for (int i = 0; i < n; i++) {
            FfmReq q = (FfmReq) slots[i];
            if (q.latched) {
                completed[k++] = i;
            } else {
                MemorySegment.copy(q.request, 0, someRequests, (long) m * rb, rb);
                someSlot[m++] = i;
            }
        }
        if (m == 0) return k;
        int rc;
        try {
            long reqs = someRequests.address(), count = someCount.address(), idx = someIndices.address(),
                    sts = someStatuses.address();
            rc = hot ? (int) FfmCalls.Hot.TESTSOME.invokeExact(m, reqs, count, idx, sts)
                     : (int) c.testsome.invokeExact(m, reqs, count, idx, sts);
        } catch (Throwable t) {
            throw rethrow("MPI_Testsome", t);
        }
        if (rc != success) throw error("MPI_Testsome", rc);
        int out = someCount.get(JAVA_INT, 0); // MPI_UNDEFINED (negative) only if no request was active: none here
        for (int j = 0; j < out; j++) {
            int i = someSlot[someIndices.getAtIndex(JAVA_INT, j)];
            FfmReq q = (FfmReq) slots[i];
            if (q.withStatus) MemorySegment.copy(someStatuses, (long) j * sb, q.status, 0, sb);
            MemorySegment.copy(someRequests, (long) someIndices.getAtIndex(JAVA_INT, j) * rb, q.request, 0, rb);
            q.latched = true;
            completed[k++] = i;
        }
        return k;
    }

    private void growSome(int n) {
        int cap = Math.max(16, Integer.highestOneBit(n - 1) << 1);
        Arena arena = Arena.ofAuto(); // freed with the previous arrays' arena when they are replaced
        someRequests = arena.allocate((long) cap * abi.requestBytes(), 8);
        someIndices = arena.allocate((long) cap * 4, 8);
        someStatuses = arena.allocate((long) cap * abi.statusBytes(), 8);
        someCount = arena.allocate(8, 8);
        someSlot = new int[cap];
    }

    /** A request slot: {@code [MPI_Request][MPI_Status][int flag]} in native memory. */
    private final class FfmReq extends Req {
        final MemorySegment request;
        final MemorySegment status;
        final MemorySegment flag;
        final long requestAddress, statusAddress, flagAddress;
        boolean withStatus;

        FfmReq(MemorySegment block) {
            request = block.asSlice(0, abi.requestBytes());
            status = block.asSlice(abi.requestBytes(), abi.statusBytes());
            flag = block.asSlice(abi.requestBytes() + abi.statusBytes(), 4);
            requestAddress = request.address();
            statusAddress = status.address();
            flagAddress = flag.address();
        }

        @Override
        boolean testNow() {
            int rc;
            long st = withStatus ? statusAddress : statusIgnoreAddress;
            try {
                rc = hot ? (int) FfmCalls.Hot.TEST.invokeExact(requestAddress, flagAddress, st)
                         : (int) c.test.invokeExact(requestAddress, flagAddress, st);
            } catch (Throwable t) {
                throw rethrow("MPI_Test", t);
            }
            if (rc != success) throw error("MPI_Test", rc);
            return flag.get(JAVA_INT, 0) != 0;
        }

        @Override
        int source() {
            return status.get(JAVA_INT, abi.statusSource());
        }

        @Override
        int tag() {
            return status.get(JAVA_INT, abi.statusTag());
        }
    }

    // ------------------------------------------------------------------ errors

    @FunctionalInterface
    private interface NativeCall {
        int run() throws Throwable;
    }

    /** Runs a call that is not on a per-message path (those call the handle directly, without a lambda). */
    private static int call(NativeCall call) {
        try {
            return call.run();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new DeviceException("MPI call failed: " + t, t);
        }
    }

    private void check(String function, int rc) {
        if (rc != success) throw error(function, rc);
    }

    private DeviceException error(String function, int rc) {
        return new DeviceException(function + " failed with error " + rc + ": "
                + FfmCalls.errorString(c, rc, abi.maxErrorString()) + " (" + abi.implementation() + ")");
    }

    private static RuntimeException rethrow(String function, Throwable t) {
        if (t instanceof RuntimeException e) return e;
        if (t instanceof Error e) throw e;
        return new DeviceException(function + " failed: " + t, t);
    }
}

package mpi;

import hpjava.mpi.spi.CommChannel;

/**
 * What every communicator has: the rank's {@link CommState} (found per call for {@code MPI.COMM_WORLD} and
 * {@code MPI.COMM_SELF}, which all ranks of mt share as objects), size, rank, group, name, attributes, error handler.
 */
abstract class CommBase {

    static final int FIXED = 0, WORLD = 1, SELF = 2;

    private final CommState fixed;
    private final int predefined;

    CommBase(CommState fixed, int predefined) {
        this.fixed = fixed;
        this.predefined = predefined;
    }

    /** The calling rank's state of this communicator, after checking it is not freed. */
    final CommState st(String what) throws MPIException {
        CommState s = fixed != null ? fixed : predefined == WORLD ? Ranks.state().world : Ranks.state().self;
        if (s.freed) throw new MPIException(ErrorClass.COMM, what + ": the communicator has been freed");
        return s;
    }

    final CommChannel ch(String what) throws MPIException {
        return st(what).channel;
    }

    final boolean isPredefined() {
        return predefined != FIXED;
    }

    /** Number of processes. */
    public final int getSize() throws MPIException {
        return ch("getSize").size();
    }

    /** The caller's rank. */
    public final int getRank() throws MPIException {
        return ch("getRank").rank();
    }

    /** The group of this communicator's processes. */
    public final Group getGroup() throws MPIException {
        return new Group(ch("getGroup").worldRanks());
    }

    /** Whether this is an intercommunicator (never, on this implementation). */
    public final boolean isInter() throws MPIException {
        st("isInter");
        return false;
    }

    /** {@code MPI.IDENT} (the same communicator), {@code CONGRUENT}, {@code SIMILAR} or {@code UNEQUAL}. */
    public static int compare(Comm comm1, Comm comm2) throws MPIException {
        ArgumentChecks.notNull("compare", "comm1", comm1);
        ArgumentChecks.notNull("compare", "comm2", comm2);
        CommState a = comm1.st("compare"), b = comm2.st("compare");
        if (a == b) return MPI.IDENT;
        int g = Group.compare(new Group(a.channel.worldRanks()), new Group(b.channel.worldRanks()));
        return g == MPI.IDENT ? MPI.CONGRUENT : g;
    }

    /** Frees the communicator ({@code MPI.COMM_WORLD} and {@code COMM_SELF} cannot be). <b>Collective.</b> */
    public void free() throws MPIException {
        if (isPredefined()) throw new MPIException(ErrorClass.COMM, "free: " + st("free").name + " is predefined and cannot be freed");
        CommState s = st("free");
        s.freed = true;
        s.channel.free();
    }

    /** Whether the communicator is freed. */
    public final boolean isNull() {
        return fixed != null && fixed.freed;
    }

    /** Sets the name. */
    public final void setName(String name) throws MPIException {
        ArgumentChecks.notNull("setName", "name", name);
        st("setName").name = name;
    }

    /** The name ({@code "MPI_COMM_WORLD"}, or what {@link #setName} set, else empty). */
    public final String getName() throws MPIException {
        return st("getName").name;
    }

    /** A new attribute key for communicators. */
    public static int createKeyval() throws MPIException {
        return Attributes.createKeyval();
    }

    /** Frees an attribute key. */
    public static void freeKeyval(int keyval) throws MPIException {
        Attributes.freeKeyval(keyval);
    }

    /** Attaches {@code value} under {@code keyval}. */
    public final void setAttr(int keyval, Object value) throws MPIException {
        st("setAttr").attributes.set(keyval, value);
    }

    /**
     * The value under {@code keyval}, or {@code null}. The predefined keys {@code MPI.TAG_UB}, {@code MPI.HOST},
     * {@code MPI.IO}, {@code MPI.WTIME_IS_GLOBAL}, {@code MPI.UNIVERSE_SIZE}, {@code MPI.APPNUM} give their values.
     */
    public final Object getAttr(int keyval) throws MPIException {
        CommState s = st("getAttr");
        if (keyval == MPI.TAG_UB) return Ranks.engine().tagUpperBound();
        if (keyval == MPI.HOST) return MPI.PROC_NULL;
        if (keyval == MPI.IO) return MPI.ANY_SOURCE;
        if (keyval == MPI.WTIME_IS_GLOBAL) return 0;
        if (keyval == MPI.UNIVERSE_SIZE) return Ranks.state().world.channel.size();
        if (keyval == MPI.APPNUM) return 0;
        return s.attributes.get(keyval);
    }

    /** Removes the value under {@code keyval}. */
    public final void deleteAttr(int keyval) throws MPIException {
        st("deleteAttr").attributes.delete(keyval);
    }

    /** Sets the error handler (kept and returned; errors are always thrown as {@link MPIException}). */
    public final void setErrhandler(Errhandler errhandler) throws MPIException {
        ArgumentChecks.notNull("setErrhandler", "errhandler", errhandler);
        st("setErrhandler").errhandler = errhandler;
    }

    /** The error handler. */
    public final Errhandler getErrhandler() throws MPIException {
        return st("getErrhandler").errhandler;
    }

    /** Raises the error {@code errorCode} on this communicator: throws it as an {@link MPIException}. */
    public void callErrhandler(int errorCode) throws MPIException {
        st("callErrhandler");
        throw new MPIException(errorCode, errorCode, "callErrhandler: error " + ErrorClass.name(errorCode) + " raised by the program");
    }

    /** {@code MPI.CART}, {@code MPI.GRAPH}, {@code MPI.DIST_GRAPH} or {@code MPI.UNDEFINED}. */
    public int getTopology() throws MPIException {
        st("getTopology");
        return MPI.UNDEFINED;
    }

    /** Ends every process of the job with {@code errorcode}. */
    public final void abort(int errorcode) throws MPIException {
        st("abort");
        Ranks.engine().abort(errorcode);
    }

    /** Sets hints (kept; this implementation uses none). */
    public final void setInfo(Info info) throws MPIException {
        ArgumentChecks.notNull("setInfo", "info", info);
        st("setInfo");
    }

    /** The hints in use: none. */
    public final Info getInfo() throws MPIException {
        st("getInfo");
        return new Info();
    }

    @Override
    public String toString() {
        try {
            CommState s = st("toString");
            return (s.name.isEmpty() ? "communicator" : s.name) + " (rank " + s.channel.rank() + " of " + s.channel.size() + ")";
        } catch (MPIException e) {
            return "communicator (" + e.getMessage() + ")";
        }
    }
}

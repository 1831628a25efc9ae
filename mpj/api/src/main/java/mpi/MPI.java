package mpi;

import hpjava.mpi.spi.BasicType;
import hpjava.mpi.spi.Reduction.PredefinedOp;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.List;

/**
 * The MPI environment: predefined communicators, datatypes, operations and constants, and the environment calls, in
 * Open MPI's Java API names and mpiJava 1.2's ({@code MPI.Init}, {@code MPI.Wtime()}, {@code MPI.OBJECT}). The HPJava
 * runtime owns MPI's lifetime: the job's launcher initializes it before {@code main} and ends it after, so
 * {@link #Init} and {@link #Finalize} only record that the program called them ({@code Finalize} also lists
 * messages never received and requests never completed, on standard error). Works on every backend (see
 * {@code docs/MPI.md}).
 */
public final class MPI {

    private MPI() {
    }

    // ---- constants (values as in Open MPI's mpi.h where the standard leaves them open) ----
    public static final int ANY_SOURCE = -1, ANY_TAG = -1, PROC_NULL = -2, ROOT = -4, UNDEFINED = -32766;
    public static final int THREAD_SINGLE = 0, THREAD_FUNNELED = 1, THREAD_SERIALIZED = 2, THREAD_MULTIPLE = 3;
    public static final int GRAPH = 1, CART = 2, DIST_GRAPH = 3;
    public static final int IDENT = 0, CONGRUENT = 1, SIMILAR = 2, UNEQUAL = 3;
    /** Predefined attribute keys of {@code Comm.getAttr}. */
    public static final int TAG_UB = 0, HOST = 1, IO = 2, WTIME_IS_GLOBAL = 3, APPNUM = 4, LASTUSEDCODE = 5,
            UNIVERSE_SIZE = 6;
    public static final int KEYVAL_INVALID = -1, BSEND_OVERHEAD = 128;
    public static final int MAX_OBJECT_NAME = 64, MAX_PORT_NAME = 1024, MAX_DATAREP_STRING = 128,
            MAX_INFO_KEY = 36, MAX_INFO_VAL = 256, MAX_PROCESSOR_NAME = 256, MAX_ERROR_STRING = 256;
    public static final int ORDER_C = 0, ORDER_FORTRAN = 1;
    public static final int COMM_TYPE_SHARED = 0;
    public static final int VERSION = 3, SUBVERSION = 1;

    public static final int SUCCESS = ErrorClass.SUCCESS, ERR_BUFFER = ErrorClass.BUFFER, ERR_COUNT = ErrorClass.COUNT,
            ERR_TYPE = ErrorClass.TYPE, ERR_TAG = ErrorClass.TAG, ERR_COMM = ErrorClass.COMM, ERR_RANK = ErrorClass.RANK,
            ERR_REQUEST = ErrorClass.REQUEST, ERR_ROOT = ErrorClass.ROOT, ERR_GROUP = ErrorClass.GROUP,
            ERR_OP = ErrorClass.OP, ERR_TOPOLOGY = ErrorClass.TOPOLOGY, ERR_DIMS = ErrorClass.DIMS,
            ERR_ARG = ErrorClass.ARG, ERR_UNKNOWN = ErrorClass.UNKNOWN, ERR_TRUNCATE = ErrorClass.TRUNCATE,
            ERR_OTHER = ErrorClass.OTHER, ERR_INTERN = ErrorClass.INTERN, ERR_IN_STATUS = ErrorClass.IN_STATUS,
            ERR_PENDING = ErrorClass.PENDING, ERR_ACCESS = ErrorClass.ACCESS, ERR_AMODE = ErrorClass.AMODE,
            ERR_ASSERT = ErrorClass.ASSERT, ERR_BAD_FILE = ErrorClass.BAD_FILE, ERR_BASE = ErrorClass.BASE,
            ERR_CONVERSION = ErrorClass.CONVERSION, ERR_DISP = ErrorClass.DISP,
            ERR_DUP_DATAREP = ErrorClass.DUP_DATAREP, ERR_FILE_EXISTS = ErrorClass.FILE_EXISTS,
            ERR_FILE_IN_USE = ErrorClass.FILE_IN_USE, ERR_FILE = ErrorClass.FILE, ERR_INFO_KEY = ErrorClass.INFO_KEY,
            ERR_INFO_NOKEY = ErrorClass.INFO_NOKEY, ERR_INFO_VALUE = ErrorClass.INFO_VALUE, ERR_INFO = ErrorClass.INFO,
            ERR_IO = ErrorClass.IO, ERR_KEYVAL = ErrorClass.KEYVAL, ERR_LOCKTYPE = ErrorClass.LOCKTYPE,
            ERR_NAME = ErrorClass.NAME, ERR_NO_MEM = ErrorClass.NO_MEM, ERR_NOT_SAME = ErrorClass.NOT_SAME,
            ERR_NO_SPACE = ErrorClass.NO_SPACE, ERR_NO_SUCH_FILE = ErrorClass.NO_SUCH_FILE, ERR_PORT = ErrorClass.PORT,
            ERR_PROC_ABORTED = ErrorClass.PROC_ABORTED, ERR_QUOTA = ErrorClass.QUOTA,
            ERR_READ_ONLY = ErrorClass.READ_ONLY, ERR_RMA_CONFLICT = ErrorClass.RMA_CONFLICT,
            ERR_RMA_SYNC = ErrorClass.RMA_SYNC, ERR_SERVICE = ErrorClass.SERVICE, ERR_SIZE = ErrorClass.SIZE,
            ERR_SPAWN = ErrorClass.SPAWN, ERR_UNSUPPORTED_DATAREP = ErrorClass.UNSUPPORTED_DATAREP,
            ERR_UNSUPPORTED_OPERATION = ErrorClass.UNSUPPORTED_OPERATION, ERR_WIN = ErrorClass.WIN,
            ERR_SYSRESOURCE = ErrorClass.SYSRESOURCE, ERR_LASTCODE = ErrorClass.LASTCODE;

    // ---- datatypes ----
    public static final Datatype DATATYPE_NULL = new Datatype(null, true);
    public static final Datatype BYTE = Datatype.predefined("MPI_BYTE", BasicType.BYTE, 1);
    public static final Datatype CHAR = Datatype.predefined("MPI_CHAR", BasicType.CHAR, 1);
    public static final Datatype SHORT = Datatype.predefined("MPI_SHORT", BasicType.SHORT, 1);
    public static final Datatype BOOLEAN = Datatype.predefined("MPI_BOOLEAN", BasicType.BOOLEAN, 1);
    public static final Datatype INT = Datatype.predefined("MPI_INT", BasicType.INT, 1);
    public static final Datatype LONG = Datatype.predefined("MPI_LONG", BasicType.LONG, 1);
    public static final Datatype FLOAT = Datatype.predefined("MPI_FLOAT", BasicType.FLOAT, 1);
    public static final Datatype DOUBLE = Datatype.predefined("MPI_DOUBLE", BasicType.DOUBLE, 1);
    public static final Datatype PACKED = Datatype.predefined("MPI_PACKED", BasicType.PACKED, 1);
    /** mpiJava: Java objects, serialized ({@code Object[]} buffers). */
    public static final Datatype OBJECT = Datatype.predefined("MPI_OBJECT", BasicType.OBJECT, 1);
    /** Pairs of ints (value, index) for MINLOC/MAXLOC in {@code int[]}. */
    public static final Datatype INT2 = Datatype.predefined("MPI_2INT", BasicType.INT, 2);
    /** (short value, int index) pairs in bytes: value at byte 0, index at byte 4, extent 8. */
    public static final Datatype SHORT_INT = Datatype.pair("MPI_SHORT_INT", BasicType.SHORT, BasicType.INT, 4, 8);
    /** (long value, int index) pairs in bytes: value at byte 0, index at byte 8, extent 16. */
    public static final Datatype LONG_INT = Datatype.pair("MPI_LONG_INT", BasicType.LONG, BasicType.INT, 8, 16);
    /** (float value, int index) pairs in bytes: value at byte 0, index at byte 4, extent 8. */
    public static final Datatype FLOAT_INT = Datatype.pair("MPI_FLOAT_INT", BasicType.FLOAT, BasicType.INT, 4, 8);
    /** (double value, int index) pairs in bytes: value at byte 0, index at byte 8, extent 16. */
    public static final Datatype DOUBLE_INT = Datatype.pair("MPI_DOUBLE_INT", BasicType.DOUBLE, BasicType.INT, 8, 16);
    /** Complex numbers as (re, im) float pairs. */
    public static final Datatype FLOAT_COMPLEX = Datatype.predefined("MPI_C_FLOAT_COMPLEX", BasicType.FLOAT, 2);
    /** Complex numbers as (re, im) double pairs. */
    public static final Datatype DOUBLE_COMPLEX = Datatype.predefined("MPI_C_DOUBLE_COMPLEX", BasicType.DOUBLE, 2);

    // ---- operations ----
    public static final Op MAX = new Op(PredefinedOp.MAX), MIN = new Op(PredefinedOp.MIN), SUM = new Op(PredefinedOp.SUM),
            PROD = new Op(PredefinedOp.PROD), LAND = new Op(PredefinedOp.LAND), BAND = new Op(PredefinedOp.BAND),
            LOR = new Op(PredefinedOp.LOR), BOR = new Op(PredefinedOp.BOR), LXOR = new Op(PredefinedOp.LXOR),
            BXOR = new Op(PredefinedOp.BXOR), MINLOC = new Op(PredefinedOp.MINLOC), MAXLOC = new Op(PredefinedOp.MAXLOC),
            REPLACE = new Op(PredefinedOp.REPLACE), NO_OP = new Op(PredefinedOp.NO_OP);

    // ---- handles ----
    public static final Errhandler ERRORS_ARE_FATAL = new Errhandler("MPI_ERRORS_ARE_FATAL"),
            ERRORS_ABORT = new Errhandler("MPI_ERRORS_ABORT"), ERRORS_RETURN = new Errhandler("MPI_ERRORS_RETURN");
    public static final Request REQUEST_NULL = new Request(null, null);
    public static final Group GROUP_EMPTY = new Group(new int[0]);
    public static final Info INFO_NULL = new Info(true), INFO_ENV = new Info(true);

    /** All processes of the job (each rank sees its own). */
    public static final Intracomm COMM_WORLD = new Intracomm(CommBase.WORLD);
    /** The calling process alone. */
    public static final Intracomm COMM_SELF = new Intracomm(CommBase.SELF);

    // ---- environment ----

    /** Records that the program initialized MPI (the runtime already has); returns {@code args}. */
    public static String[] Init(String[] args) throws MPIException {
        Ranks.State s = Ranks.state();
        synchronized (s) {
            if (s.initCalled) throw new MPIException(ErrorClass.OTHER, "Init: MPI.Init was already called in this rank");
            s.initCalled = true;
        }
        return args;
    }

    /** As {@link #Init}; returns the thread level provided: {@code THREAD_MULTIPLE}. */
    public static int InitThread(String[] args, int required) throws MPIException {
        if (required < THREAD_SINGLE || required > THREAD_MULTIPLE)
            throw new MPIException(ErrorClass.ARG, "InitThread: required level " + required + " is not a THREAD_ constant");
        Init(args);
        return THREAD_MULTIPLE;
    }

    /** The thread level provided: {@code THREAD_MULTIPLE}. */
    public static int queryThread() throws MPIException {
        return Ranks.state().threadLevel;
    }

    /** Whether the calling thread is the rank's main thread. */
    public static boolean isThreadMain() throws MPIException {
        return Ranks.state().mainThread == Thread.currentThread();
    }

    /**
     * Records that the program finalized MPI and prints (standard error) what this rank left behind: messages never
     * received, requests never completed. The runtime ends MPI itself after {@code main}.
     */
    public static void Finalize() throws MPIException {
        Ranks.State s = Ranks.state();
        synchronized (s) {
            if (s.finalizeCalled) throw new MPIException(ErrorClass.OTHER, "Finalize: MPI.Finalize was already called in this rank");
            s.finalizeCalled = true;
        }
        List<String> left = s.engine.finish();
        for (String line : left) System.err.println("mpi: rank " + s.worldRank + " at Finalize: " + line);
    }

    /** Whether MPI is initialized: always, in a rank (the runtime initializes it). */
    public static boolean isInitialized() throws MPIException {
        return Ranks.state() != null;
    }

    /** Whether the program has called {@link #Finalize}. */
    public static boolean isFinalized() throws MPIException {
        return Ranks.state().finalizeCalled;
    }

    /** Elapsed seconds since some time in the past. */
    public static double wtime() throws MPIException {
        return Ranks.engine().wtime();
    }

    /** Resolution of {@link #wtime()} in seconds. */
    public static double wtick() throws MPIException {
        return Ranks.engine().wtick();
    }

    /** This process's host name. */
    public static String getProcessorName() throws MPIException {
        return Ranks.engine().processorName();
    }

    /** The MPI standard version implemented. */
    public static Version getVersion() {
        return new Version(VERSION, SUBVERSION);
    }

    /** A description of the implementation. */
    public static String getLibVersion() {
        try {
            return Ranks.engine().libraryVersion();
        } catch (MPIException e) {
            return "hpjava-mpi (" + e.getMessage() + ")";
        }
    }

    /** Profiling control: no effect. */
    public static void pControl(int level, Object obj) {
    }

    /** Attaches a direct buffer for buffered-mode sends. */
    public static void attachBuffer(ByteBuffer buffer) throws MPIException {
        Buffering.attach(buffer);
    }

    /** Detaches the buffer once buffered sends have left; returns it. */
    public static ByteBuffer detachBuffer() throws MPIException {
        return Buffering.detach();
    }

    // ---- direct buffers (native order) ----
    public static ByteBuffer newByteBuffer(int capacity) {
        return ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
    }

    public static CharBuffer newCharBuffer(int capacity) {
        return newByteBuffer(capacity * 2).asCharBuffer();
    }

    public static ShortBuffer newShortBuffer(int capacity) {
        return newByteBuffer(capacity * 2).asShortBuffer();
    }

    public static IntBuffer newIntBuffer(int capacity) {
        return newByteBuffer(capacity * 4).asIntBuffer();
    }

    public static LongBuffer newLongBuffer(int capacity) {
        return newByteBuffer(capacity * 8).asLongBuffer();
    }

    public static FloatBuffer newFloatBuffer(int capacity) {
        return newByteBuffer(capacity * 4).asFloatBuffer();
    }

    public static DoubleBuffer newDoubleBuffer(int capacity) {
        return newByteBuffer(capacity * 8).asDoubleBuffer();
    }

    /** The part of a direct buffer from element {@code offset} on (its index 0 is the buffer's {@code offset}). */
    public static ByteBuffer slice(ByteBuffer buf, int offset) {
        return buf.slice(offset, buf.capacity() - offset).order(buf.order());
    }

    public static CharBuffer slice(CharBuffer buf, int offset) {
        return buf.slice(offset, buf.capacity() - offset);
    }

    public static ShortBuffer slice(ShortBuffer buf, int offset) {
        return buf.slice(offset, buf.capacity() - offset);
    }

    public static IntBuffer slice(IntBuffer buf, int offset) {
        return buf.slice(offset, buf.capacity() - offset);
    }

    public static LongBuffer slice(LongBuffer buf, int offset) {
        return buf.slice(offset, buf.capacity() - offset);
    }

    public static FloatBuffer slice(FloatBuffer buf, int offset) {
        return buf.slice(offset, buf.capacity() - offset);
    }

    public static DoubleBuffer slice(DoubleBuffer buf, int offset) {
        return buf.slice(offset, buf.capacity() - offset);
    }

    /** The part of {@code buf} from {@code offset} on, as a buffer whose element 0 is {@code buf[offset]} (no copy). */
    public static ByteBuffer slice(byte[] buf, int offset) {
        return ByteBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static CharBuffer slice(char[] buf, int offset) {
        return CharBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static ShortBuffer slice(short[] buf, int offset) {
        return ShortBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static IntBuffer slice(int[] buf, int offset) {
        return IntBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static LongBuffer slice(long[] buf, int offset) {
        return LongBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static FloatBuffer slice(float[] buf, int offset) {
        return FloatBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static DoubleBuffer slice(double[] buf, int offset) {
        return DoubleBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    // ---- mpiJava 1.2 forms ----

    /** mpiJava: {@link #wtime()}. */
    public static double Wtime() throws MPIException {
        return wtime();
    }

    /** mpiJava: {@link #wtick()}. */
    public static double Wtick() throws MPIException {
        return wtick();
    }

    /** mpiJava: {@link #getProcessorName()}. */
    public static String Get_processor_name() throws MPIException {
        return getProcessorName();
    }

    /** mpiJava: {@link #isInitialized()}. */
    public static boolean Initialized() throws MPIException {
        return isInitialized();
    }

    /** mpiJava: {@link #InitThread}. */
    public static int Init_thread(String[] args, int required) throws MPIException {
        return InitThread(args, required);
    }

    /** mpiJava: {@link #queryThread()}. */
    public static int Query_thread() throws MPIException {
        return queryThread();
    }

    /** mpiJava: {@link #isThreadMain()}. */
    public static boolean Is_thread_main() throws MPIException {
        return isThreadMain();
    }

    /** mpiJava: attaches a buffer for buffered-mode sends (a {@code byte[]} is copied into a direct buffer of its size). */
    public static void Buffer_attach(ByteBuffer buffer) throws MPIException {
        attachBuffer(buffer);
    }

    /** mpiJava: {@link #detachBuffer()}. */
    public static ByteBuffer Buffer_detach() throws MPIException {
        return detachBuffer();
    }
}

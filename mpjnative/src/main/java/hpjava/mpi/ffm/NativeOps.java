package hpjava.mpi.ffm;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import hpjava.mpi.spi.Reduction;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteOrder;
import java.util.EnumMap;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import mpi.MPIException;

/**
 * The native operation of each {@link Reduction}: a predefined one is the library's ({@code MPI_SUM}...); a user
 * function becomes an {@code MPI_Op} whose C function is an upcall into {@link UserOp#combine}, which hands the
 * operands to the function as direct byte buffers in native order (the API's buffer form). An exception thrown by
 * the function must not cross into C (it would end the JVM): it is kept and thrown by the wait that completes the
 * reduction.
 */
final class NativeOps {
    private NativeOps() {}

    private static final Map<Reduction.PredefinedOp, Long> PREDEFINED = predefined();
    private static final Map<Reduction.UserReduction, UserOp> USER = new WeakHashMap<>();
    /** Nonblocking reductions with a user function in flight: every test then allows the upcall. */
    private static final AtomicInteger USER_IN_FLIGHT = new AtomicInteger();

    private static Map<Reduction.PredefinedOp, Long> predefined() {
        Map<Reduction.PredefinedOp, Long> m = new EnumMap<>(Reduction.PredefinedOp.class);
        for (Reduction.PredefinedOp op : Reduction.PredefinedOp.values()) m.put(op, Natives.LIB.predefined("MPI_" + op.name()));
        return m;
    }

    static boolean userReductionsInFlight() {
        return USER_IN_FLIGHT.get() != 0;
    }

    static void startedUserReduction() {
        USER_IN_FLIGHT.incrementAndGet();
    }

    static void finishedUserReduction() {
        USER_IN_FLIGHT.decrementAndGet();
    }

    /** The native op of a predefined reduction. */
    static long predefined(Reduction r) {
        return PREDEFINED.get(r.predefined());
    }

    /** The user operation of {@code r} (made once per function), or null for a predefined reduction. */
    static UserOp user(Reduction r) throws MPIException {
        if (r == null || r.user() == null) return null;
        synchronized (USER) {
            UserOp op = USER.get(r.user());
            if (op == null || op.commutative != r.commutative()) {
                op = new UserOp(r.user(), r.commutative());
                USER.put(r.user(), op);
            }
            return op;
        }
    }

    /** A user function as an {@code MPI_Op}. */
    static final class UserOp {
        private static final MethodHandle COMBINE;

        static {
            try {
                COMBINE = MethodHandles.lookup().findVirtual(UserOp.class, "combine",
                        MethodType.methodType(void.class, MemorySegment.class, MemorySegment.class, MemorySegment.class,
                                MemorySegment.class));
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final long handle;
        final boolean commutative;
        private final Reduction.UserReduction fn;
        private final MemorySegment stub;
        /** Bytes of one item for the call in progress (set before each reduction, read by the upcall). */
        volatile long itemBytes;
        private volatile Throwable failure;

        UserOp(Reduction.UserReduction fn, boolean commutative) throws MPIException {
            this.fn = fn;
            this.commutative = commutative;
            FunctionDescriptor d = FunctionDescriptor.ofVoid(ADDRESS, ADDRESS, ADDRESS, ADDRESS);
            this.stub = Linker.nativeLinker().upcallStub(COMBINE.bindTo(this), d, Arena.ofAuto());
            try (Arena a = Arena.ofConfined()) {
                MemorySegment out = a.allocate(8, 8);
                Natives.LIB_LOCK.lock();
                try {
                    NativeErrors.check((int) TypeCalls.OP_CREATE.invokeExact(stub.address(), commutative ? 1 : 0,
                            out.address()), "MPI_Op_create");
                } finally {
                    Natives.LIB_LOCK.unlock();
                }
                this.handle = Natives.handleAt(out, 0);
            } catch (MPIException e) {
                throw e;
            } catch (Throwable t) {
                throw NativeErrors.wrap(t, "MPI_Op_create");
            }
        }

        /** The C function: {@code void f(void *in, void *inout, int *len, MPI_Datatype *type)}; never throws. */
        @SuppressWarnings("unused")
        private void combine(MemorySegment in, MemorySegment inOut, MemorySegment len, MemorySegment type) {
            try {
                int n = len.reinterpret(4).get(JAVA_INT, 0);
                long bytes = n * itemBytes;
                fn.combineBuffers(in.reinterpret(bytes).asByteBuffer().order(ByteOrder.nativeOrder()),
                        inOut.reinterpret(bytes).asByteBuffer().order(ByteOrder.nativeOrder()), n);
            } catch (Throwable t) {
                if (failure == null) failure = t;
            }
        }

        /** Throws what the function threw during the reduction just completed. */
        void rethrow() throws MPIException {
            Throwable t = failure;
            if (t == null) return;
            failure = null;
            if (t instanceof MPIException e) throw e;
            throw new MPIException(mpi.MPI.ERR_OP, "the user function of a reduction threw " + t, t);
        }
    }
}

package hpjava.mpi.ffm;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import hpjava.mpi.spi.BasicType;
import hpjava.mpi.spi.TypeLayout;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.WeakHashMap;
import mpi.MPI;
import mpi.MPIException;

/**
 * The native datatype of each {@link TypeLayout}. A predefined API type maps to the library's predefined type of the
 * same C layout (Java {@code byte} is {@code MPI_SIGNED_CHAR}, {@code char} {@code MPI_UNSIGNED_SHORT},
 * {@code boolean} {@code MPI_C_BOOL}, {@code long} {@code MPI_INT64_T}, pairs and complex numbers their C types). A
 * contiguous layout of one basic type is sent as that many basic elements (the same type signature, and usable with
 * predefined reductions); any other derived type is built once from its flattened type map
 * ({@code MPI_Type_create_hindexed}, or {@code _struct} for several basic types, then {@code _resized} to its lower
 * bound and extent) and kept while its layout is reachable.
 */
final class NativeTypes {
    private NativeTypes() {}

    private static final Map<TypeLayout, Long> DERIVED = new WeakHashMap<>();

    /** The native type of one basic element. */
    static long basic(BasicType b) throws MPIException {
        return switch (b) {
            case BYTE -> Basic.BYTE;
            case CHAR -> Basic.CHAR;
            case SHORT -> Basic.SHORT;
            case BOOLEAN -> Basic.BOOLEAN;
            case INT -> Basic.INT;
            case LONG -> Basic.LONG;
            case FLOAT -> Basic.FLOAT;
            case DOUBLE -> Basic.DOUBLE;
            case PACKED -> Basic.PACKED;
            case OBJECT -> throw new MPIException(MPI.ERR_TYPE, "MPI.OBJECT (serialized Java objects) is not carried by "
                    + "the native implementation of the mpi backend; send the objects' serialized bytes as MPI.BYTE");
        };
    }

    /** How many elements of which native type carry {@code count} items of {@code t}. */
    static int nativeCount(TypeLayout t, int count) {
        if (t.name() == null && t.isContiguous()) return Math.toIntExact((long) count * t.elementCount());
        return count;
    }

    /** The native type to pass with {@link #nativeCount}. */
    static long of(TypeLayout t) throws MPIException {
        String name = t.name();
        if (name != null) {
            Long named = Basic.named(name);
            if (named != null) return named;
            if (t.isContiguous() && t.elementCount() == 1) return basic(t.basic());
        }
        if (t.name() == null && t.isContiguous()) return basic(t.basic());
        return cached(t);
    }

    /** A native type of exactly one item of {@code t} (for user reductions, whose function counts items). */
    static long itemType(TypeLayout t) throws MPIException {
        if (t.name() != null && Basic.named(t.name()) != null) return Basic.named(t.name());
        if (t.isContiguous() && t.elementCount() == 1) return basic(t.basic());
        return cached(t);
    }

    private static long cached(TypeLayout t) throws MPIException {
        synchronized (DERIVED) {
            Long h = DERIVED.get(t);
            if (h == null) {
                h = build(t);
                DERIVED.put(t, h);
            }
            return h;
        }
    }

    private static long build(TypeLayout t) throws MPIException {
        int n = t.blockCount();
        long unit = t.isMixed() ? 1 : t.basic().byteSize();
        long base = t.isMixed() ? 0 : basic(t.basic());
        try (Arena a = Arena.ofConfined()) {
            MemorySegment lengths = a.allocate(JAVA_INT, Math.max(1, n)), displs = a.allocate(JAVA_LONG, Math.max(1, n));
            MemorySegment types = a.allocate((long) Natives.HANDLE_BYTES * Math.max(1, n), 8);
            MemorySegment out = a.allocate(8, 8);
            for (int b = 0; b < n; b++) {
                lengths.setAtIndex(JAVA_INT, b, t.blockLength(b));
                displs.setAtIndex(JAVA_LONG, b, t.blockStart(b) * unit);
                if (t.isMixed()) Natives.setHandleAt(types, (long) b * Natives.HANDLE_BYTES, basic(t.blockType(b)));
            }
            var lock = Natives.LIB_LOCK;
            lock.lock();
            try {
                int rc = t.isMixed()
                        ? (int) TypeCalls.STRUCT.invokeExact(n, lengths.address(), displs.address(), types.address(), out.address())
                        : (int) TypeCalls.HINDEXED.invokeExact(n, lengths.address(), displs.address(), base, out.address());
                NativeErrors.check(rc, "MPI_Type_create_hindexed");
                long flat = Natives.handleAt(out, 0);
                NativeErrors.check((int) TypeCalls.RESIZED.invokeExact(flat, t.lb() * unit, t.extent() * unit, out.address()),
                        "MPI_Type_create_resized");
                long resized = Natives.handleAt(out, 0);
                Natives.setHandleAt(out, 0, flat);
                NativeErrors.check((int) TypeCalls.FREE.invokeExact(out.address()), "MPI_Type_free");
                Natives.setHandleAt(out, 0, resized);
                NativeErrors.check((int) TypeCalls.COMMIT.invokeExact(out.address()), "MPI_Type_commit");
                return resized;
            } finally {
                lock.unlock();
            }
        } catch (MPIException e) {
            throw e;
        } catch (Throwable e) {
            throw NativeErrors.wrap(e, "building the datatype " + t);
        }
    }

    /** The library's predefined types the API's basic and named types map to. */
    private static final class Basic {
        static final long BYTE = p("MPI_SIGNED_CHAR"), CHAR = p("MPI_UNSIGNED_SHORT"), SHORT = p("MPI_SHORT"),
                BOOLEAN = p("MPI_C_BOOL"), INT = p("MPI_INT"), LONG = p("MPI_INT64_T"), FLOAT = p("MPI_FLOAT"),
                DOUBLE = p("MPI_DOUBLE"), PACKED = p("MPI_PACKED");
        private static final Map<String, Long> NAMED = Map.of("MPI_2INT", p("MPI_2INT"),
                "MPI_SHORT_INT", p("MPI_SHORT_INT"), "MPI_LONG_INT", p("MPI_LONG_INT"),
                "MPI_FLOAT_INT", p("MPI_FLOAT_INT"), "MPI_DOUBLE_INT", p("MPI_DOUBLE_INT"),
                "MPI_C_FLOAT_COMPLEX", p("MPI_C_FLOAT_COMPLEX"), "MPI_C_DOUBLE_COMPLEX", p("MPI_C_DOUBLE_COMPLEX"));

        static Long named(String apiName) {
            return NAMED.get(apiName);
        }

        private static long p(String name) {
            return Natives.LIB.predefined(name);
        }
    }
}

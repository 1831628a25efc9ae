package mpi;

import hpjava.mpi.spi.BasicType;
import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.TypeLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The argument checks of every call, made once before any implementation is called (see {@code hpjava.mpi.spi}'s
 * package documentation for what implementations may then assume). Each failure is an {@link MPIException} of the
 * MPI error class for that argument, naming the call and the argument.
 */
final class ArgumentChecks {

    private ArgumentChecks() {
    }

    /** The request of an operation with {@code MPI.PROC_NULL}: complete at once, source PROC_NULL, no data. */
    static hpjava.mpi.spi.RequestHandle procNullDone() {
        return new hpjava.mpi.spi.CompletedRequest(
                new hpjava.mpi.spi.StatusRecord().set(MPI.PROC_NULL, MPI.ANY_TAG, MPI.SUCCESS, false, 0), null);
    }

    static void notNull(String what, String arg, Object value) throws MPIException {
        if (value == null) throw new MPIException(ErrorClass.ARG, what + ": " + arg + " is null");
    }

    static void nonNegative(String what, String arg, int value) throws MPIException {
        if (value < 0) throw new MPIException(ErrorClass.COUNT, what + ": " + arg + " is " + value + "; it must be >= 0");
    }

    static void sameLength(String what, String a, int[] x, String b, int[] y) throws MPIException {
        notNull(what, a, x);
        notNull(what, b, y);
        if (x.length != y.length)
            throw new MPIException(ErrorClass.ARG, what + ": " + a + " has " + x.length + " entries but " + b + " has " + y.length);
    }

    static Datatype type(String what, Datatype type) throws MPIException {
        if (type == null) throw new MPIException(ErrorClass.TYPE, what + ": the datatype is null");
        return type;
    }

    static void rank(String what, String arg, int rank, int size) throws MPIException {
        if (rank < 0 || rank >= size)
            throw new MPIException(ErrorClass.RANK, what + ": " + arg + " " + rank + " is not a rank of the communicator (size " + size + ")");
    }

    static void root(String what, int root, int size) throws MPIException {
        if (root < 0 || root >= size)
            throw new MPIException(ErrorClass.ROOT, what + ": root " + root + " is not a rank of the communicator (size " + size + ")");
    }

    static void sourceRank(String what, int source, int size) throws MPIException {
        if (source != MPI.ANY_SOURCE && source != MPI.PROC_NULL) rank(what, "source", source, size);
    }

    static void destRank(String what, int dest, int size) throws MPIException {
        if (dest != MPI.PROC_NULL) rank(what, "dest", dest, size);
    }

    static void sendTag(String what, int tag, int tagUb) throws MPIException {
        if (tag < 0 || tag > tagUb)
            throw new MPIException(ErrorClass.TAG, what + ": tag " + tag + " is outside 0.." + tagUb + " (MPI.TAG_UB)");
    }

    static void recvTag(String what, int tag, int tagUb) throws MPIException {
        if (tag != MPI.ANY_TAG) sendTag(what, tag, tagUb);
    }

    /** A checked buffer of {@code count} items of {@code type} from element {@code offset} of {@code buf}. */
    static Data data(String what, Object buf, int offset, int count, Datatype type) throws MPIException {
        TypeLayout layout = type(what, type).layoutForUse(what);
        if (isArrayView(buf, layout)) {
            java.nio.Buffer nb = (java.nio.Buffer) buf;
            return data(what, nb.array(), offset + nb.arrayOffset(), count, type);
        }
        if (count < 0) throw new MPIException(ErrorClass.COUNT, what + ": count " + count + " is negative");
        if (offset < 0) throw new MPIException(ErrorClass.BUFFER, what + ": offset " + offset + " is negative");
        if (buf == null) {
            if (count == 0 || layout.elementCount() == 0) return new Data(null, 0, count, layout);
            throw new MPIException(ErrorClass.BUFFER, what + ": the buffer is null");
        }
        long units = units(what, buf, layout);
        span(what, "buffer", offset, count, layout, units);
        return new Data(buf, offset, count, layout);
    }

    /** A checked buffer of {@code n} blocks: block {@code r} has {@code counts[r]} items at item {@code displs[r]}. */
    static Data blocks(String what, Object buf, int offset, int[] counts, int[] displs, Datatype type, int n)
            throws MPIException {
        TypeLayout layout = type(what, type).layoutForUse(what);
        if (isArrayView(buf, layout)) {
            java.nio.Buffer nb = (java.nio.Buffer) buf;
            return blocks(what, nb.array(), offset + nb.arrayOffset(), counts, displs, type, n);
        }
        notNull(what, "counts", counts);
        notNull(what, "displacements", displs);
        if (counts.length < n || displs.length < n)
            throw new MPIException(ErrorClass.ARG, what + ": counts and displacements need one entry per rank (" + n
                    + "), they have " + counts.length + " and " + displs.length);
        long total = 0;
        for (int r = 0; r < n; r++) {
            if (counts[r] < 0) throw new MPIException(ErrorClass.COUNT, what + ": counts[" + r + "] = " + counts[r] + " is negative");
            total += counts[r];
        }
        if (buf == null) {
            if (total == 0 || layout.elementCount() == 0) return new Data(null, offset, 0, layout);
            throw new MPIException(ErrorClass.BUFFER, what + ": the buffer is null");
        }
        long units = units(what, buf, layout);
        for (int r = 0; r < n; r++) {
            long start = offset + (long) displs[r] * layout.extent();
            if (counts[r] > 0 && start < 0 - layout.trueLb())
                throw new MPIException(ErrorClass.BUFFER, what + ": block " + r + " (displacement " + displs[r] + ") starts before the buffer");
            if (counts[r] > 0) span(what, "block " + r, start, counts[r], layout, units);
        }
        return new Data(buf, offset, (int) Math.min(Integer.MAX_VALUE, total), layout);
    }

    /**
     * Whether {@code buf} is a heap NIO buffer over an array of the layout's basic type ({@code MPI.slice(array,
     * offset)}, {@code IntBuffer.wrap}): it is then used as that array from its offset.
     */
    private static boolean isArrayView(Object buf, TypeLayout layout) {
        if (!(buf instanceof java.nio.Buffer nb) || nb.isDirect() || !nb.hasArray() || nb.isReadOnly()) return false;
        Object a = nb.array();
        return layout.isMixed() || layout.basic() == BasicType.PACKED ? a instanceof byte[] : a.getClass() == layout.basic().arrayClass()
                && !(nb instanceof ByteBuffer && layout.basic() != BasicType.BYTE && layout.basic() != BasicType.BOOLEAN);
    }

    private static void span(String what, String arg, long offset, int count, TypeLayout layout, long units)
            throws MPIException {
        if (count == 0 || layout.elementCount() == 0) return;
        long last = (long) (count - 1) * layout.extent();
        long lo = offset + Math.min(0, last) + layout.trueLb();
        long hi = offset + Math.max(0, last) + layout.trueLb() + layout.trueExtent();
        if (lo < 0 || hi > units)
            throw new MPIException(ErrorClass.BUFFER, what + ": " + count + " items of " + layoutName(layout)
                    + " from offset " + offset + " need elements " + lo + ".." + (hi - 1) + " but the " + arg
                    + " has " + units + (lo < 0 ? " (it starts before element 0)" : ""));
    }

    private static String layoutName(TypeLayout layout) {
        return layout.name() != null ? layout.name() : "the derived datatype";
    }

    /** The buffer's length in units of the layout, after checking the buffer's kind fits the layout's basic type. */
    private static long units(String what, Object buf, TypeLayout layout) throws MPIException {
        BasicType basic = layout.basic();
        if (buf.getClass().isArray()) {
            Class<?> c = buf.getClass();
            boolean fits = basic == BasicType.OBJECT ? !c.getComponentType().isPrimitive() : c == basic.arrayClass();
            if (!fits)
                throw new MPIException(ErrorClass.TYPE, what + ": a " + c.getSimpleName() + " buffer does not hold "
                        + layoutName(layout) + " (it needs " + (basic == BasicType.OBJECT ? "an Object[]" : basic.arrayClass().getSimpleName()) + ")");
            return java.lang.reflect.Array.getLength(buf);
        }
        if (buf instanceof java.nio.Buffer nb) {
            if (basic == BasicType.OBJECT)
                throw new MPIException(ErrorClass.TYPE, what + ": MPI.OBJECT needs an Object[] buffer, not an NIO buffer");
            if (!nb.isDirect())
                throw new MPIException(ErrorClass.BUFFER, what + ": " + nb.getClass().getSimpleName()
                        + " is not direct; use a Java array or a direct buffer (MPI.newXxxBuffer)");
            if (nb instanceof ByteBuffer bb) {
                if (layout.isMixed() || basic.byteSize() == 1) return bb.capacity();
                if (bb.order() != ByteOrder.nativeOrder())
                    throw new MPIException(ErrorClass.BUFFER, what + ": the ByteBuffer's order is not the native order (use MPI.newByteBuffer or order(ByteOrder.nativeOrder()))");
                return bb.capacity() / basic.byteSize();
            }
            if (layout.isMixed() || !directClassFits(nb, basic))
                throw new MPIException(ErrorClass.TYPE, what + ": a " + nb.getClass().getSimpleName() + " does not hold " + layoutName(layout));
            if (nativeOrder(nb) != ByteOrder.nativeOrder())
                throw new MPIException(ErrorClass.BUFFER, what + ": the buffer's byte order is not native (use MPI.newXxxBuffer)");
            return nb.capacity();
        }
        throw new MPIException(ErrorClass.BUFFER, what + ": a " + buf.getClass().getName()
                + " is not a buffer: pass a Java primitive array, an Object[] (MPI.OBJECT) or a direct NIO buffer");
    }

    private static boolean directClassFits(java.nio.Buffer b, BasicType basic) {
        return switch (basic) {
            case CHAR -> b instanceof java.nio.CharBuffer;
            case SHORT -> b instanceof java.nio.ShortBuffer;
            case INT -> b instanceof java.nio.IntBuffer;
            case LONG -> b instanceof java.nio.LongBuffer;
            case FLOAT -> b instanceof java.nio.FloatBuffer;
            case DOUBLE -> b instanceof java.nio.DoubleBuffer;
            default -> false;
        };
    }

    private static ByteOrder nativeOrder(java.nio.Buffer b) {
        if (b instanceof java.nio.CharBuffer x) return x.order();
        if (b instanceof java.nio.ShortBuffer x) return x.order();
        if (b instanceof java.nio.IntBuffer x) return x.order();
        if (b instanceof java.nio.LongBuffer x) return x.order();
        if (b instanceof java.nio.FloatBuffer x) return x.order();
        if (b instanceof java.nio.DoubleBuffer x) return x.order();
        return ByteOrder.nativeOrder();
    }
}

package mpi;

import hpjava.mpi.spi.BasicType;
import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.Packing;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Copies of user buffers, and {@code MPI_Pack}/{@code MPI_Unpack} into {@code byte[]}. */
final class Buffers {

    private Buffers() {
    }

    /** A copy of an array or direct buffer, of the same kind and capacity. */
    static Object copyOf(Object buf) throws MPIException {
        if (buf == null) return null;
        if (buf.getClass().isArray()) {
            int n = java.lang.reflect.Array.getLength(buf);
            Object c = java.lang.reflect.Array.newInstance(buf.getClass().getComponentType(), n);
            System.arraycopy(buf, 0, c, 0, n);
            return c;
        }
        if (buf instanceof java.nio.Buffer b) {
            int bytes = b.capacity() * elementBytes(b);
            ByteBuffer copy = ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
            copy.put(java.lang.foreign.MemorySegment.ofBuffer(b.duplicate().clear()).asByteBuffer());
            copy.clear();
            return switch (b) {
                case ByteBuffer x -> copy;
                case java.nio.CharBuffer x -> copy.asCharBuffer();
                case java.nio.ShortBuffer x -> copy.asShortBuffer();
                case java.nio.IntBuffer x -> copy.asIntBuffer();
                case java.nio.LongBuffer x -> copy.asLongBuffer();
                case java.nio.FloatBuffer x -> copy.asFloatBuffer();
                case java.nio.DoubleBuffer x -> copy.asDoubleBuffer();
                default -> throw new MPIException(ErrorClass.BUFFER, "not a supported buffer: " + b.getClass().getName());
            };
        }
        throw new MPIException(ErrorClass.BUFFER, "not a buffer: " + buf.getClass().getName());
    }

    private static int elementBytes(java.nio.Buffer b) {
        return switch (b) {
            case ByteBuffer x -> 1;
            case java.nio.CharBuffer x -> 2;
            case java.nio.ShortBuffer x -> 2;
            case java.nio.IntBuffer x -> 4;
            case java.nio.LongBuffer x -> 8;
            case java.nio.FloatBuffer x -> 4;
            case java.nio.DoubleBuffer x -> 8;
            default -> 1;
        };
    }

    static int pack(String what, Object inbuf, int offset, int incount, Datatype type, byte[] outbuf, int position)
            throws MPIException {
        Data d = ArgumentChecks.data(what, inbuf, offset, incount, type);
        ArgumentChecks.notNull(what, "outbuf", outbuf);
        if (d.type().basic() == BasicType.OBJECT) throw new MPIException(ErrorClass.TYPE, what + ": MPI.OBJECT cannot be packed into bytes");
        long bytes = d.packedBytes();
        if (position < 0 || position + bytes > outbuf.length)
            throw new MPIException(ErrorClass.TRUNCATE, what + ": " + bytes + " bytes from position " + position + " do not fit the " + outbuf.length + "-byte buffer");
        Object packed = Packing.gather(d);
        BasicType unit = d.type().isMixed() ? BasicType.BYTE : d.type().basic();
        Packing.writeBytes(packed, 0, Packing.packedLength(d), unit, ByteBuffer.wrap(outbuf, position, (int) bytes));
        return (int) (position + bytes);
    }

    static int unpack(String what, byte[] inbuf, int position, Object outbuf, int offset, int outcount, Datatype type)
            throws MPIException {
        Data d = ArgumentChecks.data(what, outbuf, offset, outcount, type);
        ArgumentChecks.notNull(what, "inbuf", inbuf);
        if (d.type().basic() == BasicType.OBJECT) throw new MPIException(ErrorClass.TYPE, what + ": MPI.OBJECT cannot be unpacked from bytes");
        long bytes = d.packedBytes();
        if (position < 0 || position + bytes > inbuf.length)
            throw new MPIException(ErrorClass.TRUNCATE, what + ": " + bytes + " bytes from position " + position + " lie outside the " + inbuf.length + "-byte buffer");
        int n = Packing.packedLength(d);
        Object packed = Packing.newPacked(d.type(), n);
        BasicType unit = d.type().isMixed() ? BasicType.BYTE : d.type().basic();
        Packing.readBytes(ByteBuffer.wrap(inbuf, position, (int) bytes), packed, 0, n, unit);
        Packing.scatter(packed, n, d);
        return (int) (position + bytes);
    }
}

package hpjava.mpi.spi;

/**
 * A validated message buffer: {@code count} items of {@code type} starting at element {@code offset} of
 * {@code buffer}. Built by the {@code mpi} package after checking it (see the package documentation: the buffer is a
 * primitive array or direct NIO buffer whose elements fit {@code type}, and every element touched lies inside it).
 *
 * <p>{@code offset} counts elements of the buffer itself (array index; for an NIO buffer the absolute index from 0,
 * whatever its position, as in Open MPI's binding where {@code MPI.slice} makes offsets). For a direct
 * {@link java.nio.ByteBuffer} used with a non-byte datatype, units are still elements of the datatype's basic type
 * (the byte address is {@code offset * basic().byteSize()}) and the buffer's order is native.
 *
 * @param buffer a Java primitive array ({@code Object[]} for {@code MPI.OBJECT}) or a direct {@link java.nio.Buffer};
 *        may be {@code null} only when the API passes no buffer (count 0)
 * @param offset first unit of item 0, {@code >= 0} (plus the type's lower bound, which may be negative, stays inside)
 * @param count number of items, {@code >= 0}
 * @param type the committed datatype
 */
public record Data(Object buffer, int offset, int count, TypeLayout type) {

    /** Whether the buffer is a Java array (else a direct NIO buffer). */
    public boolean isArray() {
        return buffer != null && buffer.getClass().isArray();
    }

    /** Bytes of the whole message when packed: {@code count * type.packedBytes()}. */
    public long packedBytes() {
        return count * type.packedBytes();
    }
}

package hpjava.mpi.spi;

/** How a datatype was made ({@code MPI_Type_get_envelope}'s combiner), for implementations that rebuild it natively. */
public enum Combiner {
    /** A predefined datatype. */
    NAMED,
    DUP,
    CONTIGUOUS,
    VECTOR,
    HVECTOR,
    INDEXED,
    HINDEXED,
    INDEXED_BLOCK,
    STRUCT,
    RESIZED
}

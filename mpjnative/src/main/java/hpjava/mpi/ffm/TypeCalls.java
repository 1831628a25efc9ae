package hpjava.mpi.ffm;

import static hpjava.mpi.ffm.Bind.fast;

import java.lang.invoke.MethodHandle;

/** Datatype and operation constructors (signature letters: {@link Bind}); all local, returning at once. */
final class TypeCalls {
    private TypeCalls() {}

    static final MethodHandle CONTIGUOUS = fast("MPI_Type_contiguous", "ihp"),
            HINDEXED = fast("MPI_Type_create_hindexed", "ipphp"), STRUCT = fast("MPI_Type_create_struct", "ipppp"),
            RESIZED = fast("MPI_Type_create_resized", "haap"), COMMIT = fast("MPI_Type_commit", "p"),
            FREE = fast("MPI_Type_free", "p"), OP_CREATE = fast("MPI_Op_create", "pip"), OP_FREE = fast("MPI_Op_free", "p");
}

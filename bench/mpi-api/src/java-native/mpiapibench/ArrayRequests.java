package mpiapibench;

import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** Nonblocking calls on Java arrays: this project's mpi API takes them (Open MPI's binding does not). */
final class ArrayRequests {
    private ArrayRequests() {}

    static Request isend(byte[] buf, int bytes, int peer, int tag) throws MPIException {
        return MPI.COMM_WORLD.iSend(buf, bytes, MPI.BYTE, peer, tag);
    }

    static Request irecv(byte[] buf, int bytes, int peer, int tag) throws MPIException {
        return MPI.COMM_WORLD.iRecv(buf, bytes, MPI.BYTE, peer, tag);
    }
}

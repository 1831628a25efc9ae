package mpiapibench;

import mpi.Request;

/** Open MPI's binding takes only direct buffers in nonblocking calls: run.sh never asks it for arrays there. */
final class ArrayRequests {
    private ArrayRequests() {}

    static Request isend(byte[] buf, int bytes, int peer, int tag) {
        throw new UnsupportedOperationException("Open MPI's Java binding has no nonblocking send of an array");
    }

    static Request irecv(byte[] buf, int bytes, int peer, int tag) {
        throw new UnsupportedOperationException("Open MPI's Java binding has no nonblocking receive into an array");
    }
}

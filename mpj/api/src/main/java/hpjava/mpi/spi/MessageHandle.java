package hpjava.mpi.spi;

import mpi.MPIException;

/**
 * A message taken out of matching by a matched probe ({@link CommChannel#mprobe}): no other receive can match it; it
 * is received exactly once, by one of these two calls.
 */
public interface MessageHandle {

    /** Receives the message into {@code data} (blocking); fills {@code status}. */
    void recv(Data data, StatusRecord status) throws MPIException;

    /** Starts receiving the message into {@code data}; the request completes when the data is there. */
    RequestHandle irecv(Data data) throws MPIException;
}

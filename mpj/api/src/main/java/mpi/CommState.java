package mpi;

import hpjava.mpi.spi.CommChannel;

/** What one rank knows of one communicator: the implementation's channel, name, attributes, error handler. */
final class CommState {
    final CommChannel channel;
    volatile String name;
    volatile boolean freed;
    volatile Errhandler errhandler = MPI.ERRORS_ARE_FATAL;
    final Attributes attributes = new Attributes();

    CommState(CommChannel channel, String name) {
        this.channel = channel;
        this.name = name;
    }
}

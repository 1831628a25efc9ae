package hpjava.mpi.portable;

import hpjava.mpi.spi.BasicType;
import hpjava.mpi.spi.CommChannel;
import hpjava.mpi.spi.Combiner;
import hpjava.mpi.spi.MpiEngine;
import hpjava.mpi.spi.TypeLayout;
import hpjava.mpjdev.Comm;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import mpi.MPIException;

/**
 * One rank's portable MPI. The world's base communicator is made private with two creations from the mpjdev world
 * through the reversed id list (which no other layer uses), giving back the world's numbering: communicators the
 * HPJava runtime or Adlib create from the world, in whatever order relative to MPI's, cannot shift MPI's contexts.
 */
final class PortableEngine implements MpiEngine {

    /** {@code MPI_INT}'s layout, for the engine's own messages. */
    static final TypeLayout INTS = new TypeLayout("MPI_INT", BasicType.INT, new int[] {0}, new int[] {1}, null, 0, 1,
            Combiner.NAMED, new int[0], new TypeLayout[0]);

    private final Comm device;
    private final PortableChannel world;
    private final PortableChannel self;
    private final List<PortableChannel> live = new ArrayList<>();
    private ByteBuffer attached;

    PortableEngine(Comm deviceWorld) {
        this.device = deviceWorld;
        int n = deviceWorld.size();
        int[] reversed = new int[n];
        for (int i = 0; i < n; i++) reversed[i] = n - 1 - i;
        Comm base = deviceWorld.create(reversed).create(reversed);
        this.world = new PortableChannel(this, base, PortableChannel.identity(n));
        this.self = new PortableChannel(this, deviceWorld.create(new int[] {deviceWorld.id()}), new int[] {deviceWorld.id()});
    }

    synchronized void register(PortableChannel c) {
        live.add(c);
    }

    synchronized void unregister(PortableChannel c) {
        live.remove(c);
    }

    @Override
    public CommChannel world() {
        return world;
    }

    @Override
    public CommChannel self() {
        return self;
    }

    @Override
    public int tagUpperBound() {
        return Integer.MAX_VALUE;
    }

    @Override
    public double wtime() {
        return System.nanoTime() / 1e9;
    }

    @Override
    public double wtick() {
        return 1e-9;
    }

    @Override
    public String processorName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "localhost";
        }
    }

    @Override
    public String libraryVersion() {
        return "hpjava-mpi portable implementation over mpjdev backend '" + device.backendName() + "'";
    }

    /** Buffered sends copy their data when they start, so the attached buffer only bounds message sizes. */
    @Override
    public synchronized void attachBuffer(ByteBuffer buffer) {
        attached = buffer;
    }

    @Override
    public synchronized ByteBuffer detachBuffer() {
        ByteBuffer b = attached;
        attached = null;
        return b;
    }

    @Override
    public void abort(int errorCode) {
        throw new AbortError(device.id(), errorCode);
    }

    @Override
    public List<String> finish() throws MPIException {
        List<PortableChannel> channels;
        synchronized (this) {
            channels = new ArrayList<>(live);
        }
        List<String> out = new ArrayList<>();
        for (PortableChannel c : channels) {
            for (String line : c.p2p.leftovers())
                out.add((c == world ? "MPI.COMM_WORLD" : c == self ? "MPI.COMM_SELF" : "a communicator of " + c.size() + " ranks") + ": " + line);
        }
        return out;
    }

    /** {@code MPI_Abort}: ends the rank, and with it the job, with a report naming the error code. */
    static final class AbortError extends Error {
        private static final long serialVersionUID = 1L;

        AbortError(int rank, int code) {
            super("MPI abort called on rank " + rank + " with error code " + code);
        }
    }
}

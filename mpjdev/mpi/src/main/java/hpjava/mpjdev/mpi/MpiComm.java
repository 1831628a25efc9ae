package hpjava.mpjdev.mpi;

import hpjava.mpjdev.watch.Activity;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.NativeCollectives;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;
import hpjava.mpjdev.spi.CommCreation;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An mpjdev communicator of the mpi backend: a list of world ranks and a 64-bit context, sending on the MPI channel
 * its context selects (see {@link MpiDevice}).
 *
 * <h2>Protocol</h2>
 * A message of at most {@link #INLINE_MAX} bytes is one MPI message on the channel: the buffer's bytes
 * {@code [0, length())}, tag = the mpjdev tag, received straight into the receiving buffer (which is first grown to
 * at least {@code INLINE_MAX}, once). A larger message is an announcement on the channel (24 bytes: context check,
 * {@code -1} where a message has its section count, the length, a body tag) followed by the body on
 * {@link MpiDevice#bulk()} with that body tag, unique per pair of ranks; the receiver grows its buffer to the
 * announced length and receives the body with exactly that source and tag. MPI's ordering between one pair of ranks
 * on one channel gives mpjdev's non-overtaking rule; the body tag keeps concurrent receivers apart.
 *
 * <h2>Allocation</h2>
 * This class allocates nothing per message once a buffer has been used (request slots are kept per buffer). The FFM
 * binding allocates nothing either; Open MPI's Java binding ({@link JniBinding}) allocates a {@code mpi.Request} for
 * each MPI operation started and a {@code mpi.Status} for each completed wildcard receive.
 */
final class MpiComm extends Comm {

    static final long WORLD_CONTEXT = 0;
    /** Messages up to this many bytes go as one MPI message; receive buffers are grown to at least this size. */
    static final int INLINE_MAX = 64 * 1024;
    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN);
    /** Section-count field value marking an announcement. */
    static final int ANNOUNCEMENT = -1;

    final MpiDevice device;
    final long context;
    /** XORed into the magic number of messages of this communicator; 0 for the world. */
    final int check;
    final long channel;
    private final int[] worldRanks;
    private final int[] idOfWorldRank;
    private final int id;
    private final CommCreation creations;
    private volatile MpiCollectives collectives;

    /** The world communicator of {@code device}'s rank. */
    MpiComm(MpiDevice device, long context, int[] worldRanks) {
        this(device, context, worldRanks, CommCreation.forWorld(context));
    }

    private MpiComm(MpiDevice device, long context, int[] worldRanks, CommCreation creations) {
        this.device = device;
        this.creations = creations;
        this.context = context;
        this.worldRanks = worldRanks;
        this.idOfWorldRank = new int[device.worldSize()];
        Arrays.fill(idOfWorldRank, -1);
        for (int i = 0; i < worldRanks.length; i++) idOfWorldRank[worldRanks[i]] = i;
        this.id = idOfWorldRank[device.worldRank()];
        this.channel = device.channelFor(context);
        int c = context == WORLD_CONTEXT ? 0 : (int) (CommCreation.mix(context ^ 0x5bd1e995L) >>> 32);
        this.check = context != WORLD_CONTEXT && c == 0 ? 1 : c;
    }

    @Override
    public int size() {
        return worldRanks.length;
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public String backendName() {
        return "mpi";
    }

    int worldRank(int commId) {
        return worldRanks[commId];
    }

    int[] worldRanks() {
        return worldRanks.clone();
    }

    // ------------------------------------------------------------------ point to point

    /*
     * Blocking send and receive start non-blocking MPI operations under MpiDevice.LOCK and wait for them by polling
     * (MpiDevice.await): a thread never waits inside MPI holding the lock, so other threads of the rank keep going.
     * They use the buffer's request slots directly, not its MpiRequest: their own thread polls the head and posts
     * a body, so they need neither the request's lock nor registration as a pending receive.
     */

    @Override
    public void send(Buffer buf, int dest, int tag) {
        checkSendArgs(buf, dest, tag);
        checkTag(tag);
        buf.lendToDevice();
        final Activity activity = device.activity;
        activity.sent();
        activity.enter(Activity.SEND, this, dest, tag);
        try {
            final MpiDevice device = this.device;
            final MpiBinding mpi = device.mpi;
            MpiBufferState state = MpiBufferState.of(buf, mpi);
            MemorySegment seg = buf.segment();
            int len = wireLength(buf);
            int destWorld = worldRanks[dest];
            final ReentrantLock lock = MpiDevice.LOCK;
            final MpiBinding.Req r = state.head;
            if (len <= INLINE_MAX) {
                stamp(seg);
                try {
                    boolean sent;
                    lock.lock();
                    try { // a small message usually completes at once (eager): test it in the same hold of the lock
                        mpi.isend(seg, len, destWorld, tag, channel, r);
                        sent = r.test();
                    } finally {
                        lock.unlock();
                    }
                    if (!sent) device.await(r, destWorld);
                } finally {
                    unstamp(seg);
                }
            } else {
                int bodyTag = device.nextBodyTag(destWorld);
                MemorySegment a = announce(state, len, bodyTag);
                lock.lock();
                try {
                    mpi.isend(a, MpiBufferState.ANNOUNCE_BYTES, destWorld, tag, channel, r);
                    mpi.isend(seg, len, destWorld, bodyTag, device.bulk(), state.body);
                } finally {
                    lock.unlock();
                }
                device.await(r, destWorld);
                device.await(state.body, destWorld);
            }
            buf.completeSend(id, tag);
        } finally {
            activity.exit(Activity.SEND);
            buf.returnFromDevice();
        }
    }

    @Override
    public Status recv(Buffer buf, int source, int tag) {
        checkRecvArgs(buf, source, tag);
        checkTag(tag);
        buf.lendToDevice();
        final Activity activity = device.activity;
        activity.enter(Activity.RECV, this, source, tag);
        try {
            final MpiDevice device = this.device;
            final MpiBinding mpi = device.mpi;
            MpiBufferState state = MpiBufferState.of(buf, mpi);
            MemorySegment seg = prepareHead(buf);
            final ReentrantLock lock = MpiDevice.LOCK;
            int waitedFor = source == ANY_SOURCE ? PeerWatch.ANY : worldRanks[source];
            boolean wildcard = source == ANY_SOURCE || tag == ANY_TAG;
            final MpiBinding.Req head = state.head;
            lock.lock();
            try {
                mpi.irecv(seg, capacityForMpi(buf), mpiSource(source), mpiTag(tag), channel, head, wildcard);
            } finally {
                lock.unlock();
            }
            device.await(head, waitedFor);
            int srcWorld = wildcard ? head.source() : waitedFor;
            int msgTag = wildcard ? head.tag() : tag;
            int bodyTag = headArrived(buf);
            if (bodyTag >= 0) {
                lock.lock();
                try {
                    iRecvBody(buf, state, srcWorld, bodyTag);
                } finally {
                    lock.unlock();
                }
                device.await(state.body, srcWorld);
            }
            buf.completeReceive(sourceId(srcWorld), msgTag);
            activity.received();
            return buf.status();
        } finally {
            activity.exit(Activity.RECV);
            buf.returnFromDevice();
        }
    }

    @Override
    public Request isend(Buffer buf, int dest, int tag) {
        checkSendArgs(buf, dest, tag);
        checkTag(tag);
        buf.lendToDevice();
        MpiRequest req = MpiBufferState.of(buf, device.mpi).request;
        try {
            req.startSend(this, dest, tag);
        } catch (RuntimeException | Error e) {
            buf.returnFromDevice();
            throw e;
        }
        return req;
    }

    @Override
    public Request irecv(Buffer buf, int source, int tag) {
        checkRecvArgs(buf, source, tag);
        checkTag(tag);
        buf.lendToDevice();
        MpiRequest req = MpiBufferState.of(buf, device.mpi).request;
        try {
            req.startRecv(this, source, tag);
        } catch (RuntimeException | Error e) {
            buf.returnFromDevice();
            throw e;
        }
        return req;
    }

    // ------------------------------------------------------------------ protocol pieces shared with MpiRequest

    /** mpjdev tags are MPI tags here: one above MPI's largest ({@code MPI_TAG_UB}) is refused with the limit. */
    private void checkTag(int tag) {
        if (tag > device.tagUpperBound) {
            throw new IllegalArgumentException("tag " + tag + " is larger than the largest tag of the MPI library in use ("
                    + device.mpi.libraryVersion().trim() + ": MPI_TAG_UB = " + device.tagUpperBound + ")");
        }
    }

    int mpiSource(int source) {
        return source == ANY_SOURCE ? device.mpi.anySource() : worldRanks[source];
    }

    int mpiTag(int tag) {
        return tag == ANY_TAG ? device.mpi.anyTag() : tag;
    }

    static int wireLength(Buffer buf) {
        long len = buf.length();
        if (len > Integer.MAX_VALUE) {
            throw new DeviceException("message of " + len + " bytes is larger than the mpi backend's limit of "
                    + Integer.MAX_VALUE + " bytes");
        }
        return (int) len;
    }

    /** Replaces the magic number by this communicator's check while the message is on the wire. */
    void stamp(MemorySegment seg) {
        if (check != 0) seg.set(INT, 0, Buffer.MAGIC ^ check);
    }

    void unstamp(MemorySegment seg) {
        if (check != 0) seg.set(INT, 0, Buffer.MAGIC);
    }

    MemorySegment announce(MpiBufferState state, int len, int bodyTag) {
        MemorySegment a = state.announce();
        a.set(INT, 0, Buffer.MAGIC ^ check);
        a.set(INT, 4, ANNOUNCEMENT);
        a.set(LONG, 8, len);
        a.set(INT, 16, bodyTag);
        a.set(INT, 20, 0);
        return a;
    }

    /** Grows a receive buffer to at least {@link #INLINE_MAX} and returns the segment to receive the head into. */
    static MemorySegment prepareHead(Buffer buf) {
        buf.prepareReceive(Math.max(INLINE_MAX, Math.min(buf.capacity(), Integer.MAX_VALUE)));
        return buf.segment();
    }

    static int capacityForMpi(Buffer buf) {
        return (int) Math.min(buf.capacity(), Integer.MAX_VALUE);
    }

    /**
     * Checks the head just received into {@code buf}: restores the magic number of an inline message and returns
     * {@code -1}, or for an announcement grows the buffer to the announced length and returns the body tag.
     *
     * @throws DeviceException if the message belongs to another communicator sharing this channel
     */
    int headArrived(Buffer buf) {
        MemorySegment seg = buf.segment();
        int word = seg.get(INT, 0);
        if (word != (Buffer.MAGIC ^ check)) {
            throw new DeviceException("mpi backend: a message of another communicator (check " + Integer.toHexString(word
                    ^ Buffer.MAGIC) + ") arrived on MPI channel " + device.channelIndex(channel) + " of " + this
                    + " (check " + Integer.toHexString(check) + "): two communicators in use share a channel; run with more "
                    + "channels (-Dhpjava.mpi.channels=N, now " + device.channels() + ")");
        }
        if (seg.get(INT, 4) == ANNOUNCEMENT) {
            long len = seg.get(LONG, 8);
            int bodyTag = seg.get(INT, 16);
            if (len <= INLINE_MAX || len > Integer.MAX_VALUE) {
                throw new DeviceException("malformed message: announcement of a body of " + len + " bytes");
            }
            buf.prepareReceive(len);
            buf.segment().set(LONG, 8, len); // remembered for iRecvBody until the body overwrites it
            return bodyTag;
        }
        seg.set(INT, 0, Buffer.MAGIC);
        return -1;
    }

    /**
     * Posts the receive of the body announced by the head just received into {@code buf} (after {@link #headArrived}
     * returned {@code bodyTag}) into the buffer's body slot; call holding {@link MpiDevice#LOCK}.
     */
    void iRecvBody(Buffer buf, MpiBufferState state, int srcWorld, int bodyTag) {
        int len = (int) buf.segment().get(LONG, 8); // the announced length, kept there by headArrived
        device.mpi.irecv(buf.segment(), len, srcWorld, bodyTag, device.bulk(), state.body, false);
    }

    int sourceId(int srcWorld) {
        int s = srcWorld >= 0 && srcWorld < idOfWorldRank.length ? idOfWorldRank[srcWorld] : -1;
        if (s < 0) {
            throw new DeviceException("mpi backend: " + this + " received a message from world rank " + srcWorld
                    + ", which is not a member");
        }
        return s;
    }

    // ------------------------------------------------------------------ sub-communicators and collectives

    /** mpjdev's shared create: the id-list check and context derivation of {@link CommCreation}. */
    @Override
    public Comm create(int[] ids) {
        return creations.create(ids, size(), id, (context, list, children) -> {
            int[] members = new int[list.length];
            for (int k = 0; k < list.length; k++) members[k] = worldRanks[list[k]];
            return new MpiComm(device, context, members, children);
        });
    }

    @Override
    public Optional<NativeCollectives> collectives() {
        MpiCollectives c = collectives;
        if (c == null) {
            synchronized (this) {
                c = collectives;
                if (c == null) collectives = c = new MpiCollectives(this);
            }
        }
        return Optional.of(c);
    }
}

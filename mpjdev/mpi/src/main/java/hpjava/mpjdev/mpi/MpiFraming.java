package hpjava.mpjdev.mpi;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.spi.CommCreation;
import hpjava.mpjdev.DeviceException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * How the messages of one mpjdev communicator travel over MPI: its addressing (mpjdev ids and world ranks, the MPI
 * channel its context selects, the 32-bit check it stamps on messages) and the framing of a message as MPI messages.
 * The one owner of the wire protocol: {@link MpiComm}'s blocking calls and {@link MpiRequest}'s non-blocking ones both
 * start and finish their MPI operations here, and neither calls the other.
 *
 * <h2>Protocol</h2>
 * A message of at most {@link #INLINE_MAX} bytes is one MPI message on the channel: the buffer's bytes
 * {@code [0, length())} (mpjdev's header and sections, as they are), tag = the mpjdev tag, received straight into the
 * receiving buffer (which is first grown to at least {@code INLINE_MAX}, once). A larger message is an announcement
 * on the channel (24 bytes: context check, {@link #ANNOUNCEMENT} where a message has its section count, the length, a
 * body tag) followed by the body on {@link MpiDevice#bulk()} with that body tag, unique per pair of ranks; the
 * receiver grows its buffer to the announced length and receives the body with exactly that source and tag. MPI's
 * ordering between one pair of ranks on one channel gives mpjdev's non-overtaking rule; the body tag keeps
 * concurrent receivers apart. While a message is on the wire the magic number of its header is XORed with the
 * communicator's {@link #check} (0 for the world), restored on arrival (and at the sender once the send completes).
 *
 * <p>The {@code post...} methods start MPI operations and must be called holding {@link MpiDevice#LOCK}; the others
 * make no MPI call. Nothing here allocates per message.
 */
final class MpiFraming {
    /** Messages up to this many bytes go as one MPI message; receive buffers are grown to at least this size. */
    static final int INLINE_MAX = 64 * 1024;
    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN);
    /** Section-count field value marking an announcement. */
    static final int ANNOUNCEMENT = -1;

    final MpiDevice device;
    final MpiBinding mpi;
    /** XORed into the magic number of messages of this communicator; 0 for the world. */
    final int check;
    /** The MPI communicator carrying this communicator's messages. */
    final long channel;
    private final int[] worldRanks;
    private final int[] idOfWorldRank;
    private final String owner; // the communicator, for messages

    MpiFraming(MpiDevice device, long context, int[] worldRanks, String owner) {
        this.device = device;
        this.mpi = device.mpi;
        this.worldRanks = worldRanks;
        this.idOfWorldRank = new int[device.worldSize()];
        Arrays.fill(idOfWorldRank, -1);
        for (int i = 0; i < worldRanks.length; i++) idOfWorldRank[worldRanks[i]] = i;
        this.channel = device.channelFor(context);
        int c = context == MpiComm.WORLD_CONTEXT ? 0 : (int) (CommCreation.mix(context ^ 0x5bd1e995L) >>> 32);
        this.check = context != MpiComm.WORLD_CONTEXT && c == 0 ? 1 : c;
        this.owner = owner;
    }

    int size() {
        return worldRanks.length;
    }

    /** The calling rank's id in the communicator, or -1 if it is not a member. */
    int selfId() {
        return idOfWorldRank[device.worldRank()];
    }

    int worldRank(int commId) {
        return worldRanks[commId];
    }

    int[] worldRanks() {
        return worldRanks.clone();
    }

    /** The world rank a wait on a receive from {@code source} waits for ({@link PeerWatch#ANY} for a wildcard). */
    int watchedPeer(int source) {
        return source == Comm.ANY_SOURCE ? PeerWatch.ANY : worldRanks[source];
    }

    /** The communicator id of world rank {@code srcWorld}, the sender of a message received here. */
    int sourceId(int srcWorld) {
        int s = srcWorld >= 0 && srcWorld < idOfWorldRank.length ? idOfWorldRank[srcWorld] : -1;
        if (s < 0) {
            throw new DeviceException("mpi backend: " + owner + " received a message from world rank " + srcWorld
                    + ", which is not a member");
        }
        return s;
    }

    /** mpjdev tags are MPI tags here: one above MPI's largest ({@code MPI_TAG_UB}) is refused with the limit. */
    void checkTag(int tag) {
        if (tag > device.tagUpperBound) {
            throw new IllegalArgumentException("tag " + tag + " is larger than the largest tag of the MPI library in use ("
                    + mpi.libraryVersion().trim() + ": MPI_TAG_UB = " + device.tagUpperBound + ")");
        }
    }

    // ------------------------------------------------------------------ sending

    /**
     * Starts sending {@code buf} (stamped with {@link #check}) to world rank {@code destWorld}: the whole message in the
     * head slot, or the announcement in the head slot and the body in the body slot. Call holding
     * {@link MpiDevice#LOCK}; on failure the stamp is undone. Returns true if a body was posted.
     */
    boolean postSend(Buffer buf, MpiBufferState state, int destWorld, int tag) {
        MemorySegment seg = buf.segment();
        int len = wireLength(buf);
        if (len <= INLINE_MAX) {
            stamp(seg);
            try {
                mpi.isend(seg, len, destWorld, tag, channel, state.head);
            } catch (RuntimeException e) {
                unstamp(seg);
                throw e;
            }
            return false;
        }
        int bodyTag = device.nextBodyTag(destWorld);
        mpi.isend(announce(state, len, bodyTag), MpiBufferState.ANNOUNCE_BYTES, destWorld, tag, channel, state.head);
        mpi.isend(seg, len, destWorld, bodyTag, device.bulk(), state.body);
        return true;
    }

    /** After a send of {@code buf} has completed: restores its magic number. */
    void sendCompleted(Buffer buf) {
        unstamp(buf.segment());
    }

    private static int wireLength(Buffer buf) {
        long len = buf.length();
        if (len > Integer.MAX_VALUE) {
            throw new DeviceException("message of " + len + " bytes is larger than the mpi backend's limit of "
                    + Integer.MAX_VALUE + " bytes");
        }
        return (int) len;
    }

    private void stamp(MemorySegment seg) {
        if (check != 0) seg.set(INT, 0, Buffer.MAGIC ^ check);
    }

    private void unstamp(MemorySegment seg) {
        if (check != 0 && seg.get(INT, 0) == (Buffer.MAGIC ^ check)) seg.set(INT, 0, Buffer.MAGIC);
    }

    private MemorySegment announce(MpiBufferState state, int len, int bodyTag) {
        MemorySegment a = state.announce();
        a.set(INT, 0, Buffer.MAGIC ^ check);
        a.set(INT, 4, ANNOUNCEMENT);
        a.set(LONG, 8, len);
        a.set(INT, 16, bodyTag);
        a.set(INT, 20, 0);
        return a;
    }

    // ------------------------------------------------------------------ receiving

    /** Grows a receive buffer to at least {@link #INLINE_MAX} (may allocate, once): call before {@link #postRecvHead}. */
    static void prepareHead(Buffer buf) {
        buf.prepareReceive(Math.max(INLINE_MAX, Math.min(buf.capacity(), Integer.MAX_VALUE)));
    }

    /**
     * Posts the receive of a message's head (an inline message or an announcement) from {@code source} (an id or
     * {@link Comm#ANY_SOURCE}) with {@code tag} (or {@link Comm#ANY_TAG}) into {@code buf}'s head slot, asking for the
     * status when either is a wildcard. Call holding {@link MpiDevice#LOCK}, after {@link #prepareHead}.
     */
    void postRecvHead(Buffer buf, MpiBufferState state, int source, int tag) {
        boolean wildcard = source == Comm.ANY_SOURCE || tag == Comm.ANY_TAG;
        int mpiSource = source == Comm.ANY_SOURCE ? mpi.anySource() : worldRanks[source];
        int mpiTag = tag == Comm.ANY_TAG ? mpi.anyTag() : tag;
        mpi.irecv(buf.segment(), (int) Math.min(buf.capacity(), Integer.MAX_VALUE), mpiSource, mpiTag, channel,
                state.head, wildcard);
    }

    /** The world rank that sent the head that has arrived in {@code state.head} for a receive from {@code source}. */
    int headSource(MpiBufferState state, int source, int tag) {
        return source == Comm.ANY_SOURCE || tag == Comm.ANY_TAG ? state.head.source() : worldRanks[source];
    }

    /** The tag of the head that has arrived in {@code state.head} for a receive with {@code tag}. */
    static int headTag(MpiBufferState state, int source, int tag) {
        return source == Comm.ANY_SOURCE || tag == Comm.ANY_TAG ? state.head.tag() : tag;
    }

    /**
     * Checks the head just received into {@code buf}: for an inline message restores the magic number and returns
     * false (the message is complete); for an announcement grows the buffer to the announced length, posts the body's
     * receive from {@code srcWorld} into the body slot and returns true. Call holding {@link MpiDevice#LOCK}.
     *
     * @throws DeviceException if the message belongs to another communicator sharing this channel, or is malformed
     */
    boolean headArrived(Buffer buf, MpiBufferState state, int srcWorld) {
        MemorySegment seg = buf.segment();
        int word = seg.get(INT, 0);
        if (word != (Buffer.MAGIC ^ check)) {
            throw new DeviceException("mpi backend: a message of another communicator (check " + Integer.toHexString(word
                    ^ Buffer.MAGIC) + ") arrived on MPI channel " + device.channelIndex(channel) + " of " + owner
                    + " (check " + Integer.toHexString(check) + "): two communicators in use share a channel; run with more "
                    + "channels (--option channels=N, now " + device.channels() + ")");
        }
        if (seg.get(INT, 4) != ANNOUNCEMENT) {
            seg.set(INT, 0, Buffer.MAGIC);
            return false;
        }
        long len = seg.get(LONG, 8);
        int bodyTag = seg.get(INT, 16);
        if (len <= INLINE_MAX || len > Integer.MAX_VALUE) {
            throw new DeviceException("malformed message: announcement of a body of " + len + " bytes");
        }
        buf.prepareReceive(len); // grows once per buffer size; the header is overwritten by the body's own
        mpi.irecv(buf.segment(), (int) len, srcWorld, bodyTag, device.bulk(), state.body, false);
        return true;
    }
}

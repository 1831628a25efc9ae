package hpjava.mpjdev.mpi;

import hpjava.mpjdev.watch.Activity;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.NativeCollectives;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;
import hpjava.mpjdev.spi.CommCreation;
import java.util.Arrays;
import java.util.Optional;

/**
 * An mpjdev communicator of the mpi backend: a list of world ranks and a 64-bit context, sending on the MPI channel
 * its context selects (see {@link MpiDevice}). How its messages travel (addressing, framing, the large-message
 * protocol) is {@link MpiFraming}'s; this class has the blocking calls, which drive the framing from the calling
 * thread, and hands non-blocking ones to the buffer's {@link MpiRequest}.
 *
 * <h2>Allocation</h2>
 * Nothing is allocated per message once a buffer has been used (request slots are kept per buffer). The FFM binding
 * allocates nothing either; Open MPI's Java binding ({@link JniBinding}) allocates a {@code mpi.Request} for each MPI
 * operation started and a {@code mpi.Status} for each completed wildcard receive.
 */
final class MpiComm extends Comm {

    static final long WORLD_CONTEXT = 0;

    final MpiDevice device;
    final long context;
    final MpiFraming framing;
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
        this.framing = new MpiFraming(device, context, worldRanks, "communicator " + Long.toHexString(context));
        this.id = framing.selfId();
    }

    @Override
    public int size() {
        return framing.size();
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public String backendName() {
        return "mpi";
    }

    int[] worldRanks() {
        return framing.worldRanks();
    }

    // ------------------------------------------------------------------ point to point

    /*
     * Blocking send and receive start non-blocking MPI operations under MpiDevice.LOCK and wait for them by polling
     * (MpiDevice.await): a thread never waits inside MPI holding the lock, so other threads of the rank keep going.
     * They use the buffer's request slots directly, not its MpiRequest: their own thread polls the head and posts
     * a body, so they need neither the request's lock nor registration as a pending receive. The watchdog's record
     * (Activity.enter) is made by the wait loop once a wait has lasted MpiDevice.WATCH_AFTER polls, so a call that
     * completes at once or within microseconds pays only the counters and exit's progress count.
     */

    @Override
    public void send(Buffer buf, int dest, int tag) {
        checkSendArgs(buf, dest, tag);
        final MpiFraming framing = this.framing;
        framing.checkTag(tag);
        buf.lendToDevice();
        final Activity activity = device.activity;
        activity.sent();
        try {
            final MpiDevice device = this.device;
            MpiBufferState state = MpiBufferState.of(buf, device.mpi);
            int destWorld = framing.worldRank(dest);
            final MpiLock lock = MpiDevice.LOCK;
            boolean large, sent;
            lock.lock();
            try { // a small message usually completes at once (eager): test it in the same hold of the lock
                large = framing.postSend(buf, state, destWorld, tag);
                sent = !large && state.head.test();
            } finally {
                lock.unlock();
            }
            try {
                if (!sent) device.await(state.head, destWorld, Activity.SEND, this, dest, tag);
                if (large) device.await(state.body, destWorld, Activity.SEND, this, dest, tag);
            } finally {
                framing.sendCompleted(buf);
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
        final MpiFraming framing = this.framing;
        framing.checkTag(tag);
        buf.lendToDevice();
        final Activity activity = device.activity;
        try {
            final MpiDevice device = this.device;
            MpiBufferState state = MpiBufferState.of(buf, device.mpi);
            MpiFraming.prepareHead(buf);
            final MpiLock lock = MpiDevice.LOCK;
            int srcWorld, msgTag;
            boolean large;
            lock.lock();
            try { // post, wait, and take the head's arrival in the hold of the lock whose test saw it
                framing.postRecvHead(buf, state, source, tag);
                if (!state.head.test()) {
                    lock.unlock();
                    device.awaitThenHold(state.head, framing.watchedPeer(source), Activity.RECV, this, source, tag);
                }
                srcWorld = framing.headSource(state, source, tag);
                msgTag = MpiFraming.headTag(state, source, tag);
                large = framing.headArrived(buf, state, srcWorld);
            } finally {
                if (lock.isHeldByCurrentThread()) lock.unlock();
            }
            if (large) device.await(state.body, srcWorld, Activity.RECV, this, source, tag);
            buf.completeReceive(framing.sourceId(srcWorld), msgTag);
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
        framing.checkTag(tag);
        buf.lendToDevice();
        MpiRequest req = MpiBufferState.of(buf, device.mpi).request;
        try {
            req.startSend(framing, id, dest, tag);
        } catch (RuntimeException | Error e) {
            buf.returnFromDevice();
            throw e;
        }
        return req;
    }

    @Override
    public Request irecv(Buffer buf, int source, int tag) {
        checkRecvArgs(buf, source, tag);
        framing.checkTag(tag);
        buf.lendToDevice();
        MpiRequest req = MpiBufferState.of(buf, device.mpi).request;
        try {
            req.startRecv(framing, source, tag);
        } catch (RuntimeException | Error e) {
            buf.returnFromDevice();
            throw e;
        }
        return req;
    }

    // ------------------------------------------------------------------ sub-communicators and collectives

    /** mpjdev's shared create: the id-list check and context derivation of {@link CommCreation}. */
    @Override
    public Comm create(int[] ids) {
        return creations.create(ids, size(), id, (context, list, children) -> {
            int[] members = new int[list.length];
            for (int k = 0; k < list.length; k++) members[k] = framing.worldRank(list[k]);
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

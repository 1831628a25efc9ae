package hpjava.mpjdev.ucx;

import hpjava.mpjdev.watch.Activity;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;
import hpjava.mpjdev.spi.CommCreation;

import java.util.Arrays;

/**
 * A communicator of the ucx backend: a list of world ranks and a 64-bit matching context carried in every message's
 * envelope. Sub-communicator contexts are derived locally (no messages) by mpjdev's {@link CommCreation}, which
 * also detects collisions (with the world's context too); derived contexts are never 0, which an empty
 * {@link TinySlots} slot reads as.
 */
final class UcxComm extends Comm {
    static final long WORLD_CONTEXT = 0x6870_6a61_7661_0001L;

    private final UcxDevice device;
    private final int[] members;
    private final int[] localOfWorld;
    private final int id;
    private final long context;
    private final boolean world;
    private final CommCreation creations;

    private UcxComm(UcxDevice device, int[] members, long context, CommCreation creations) {
        this.device = device;
        this.creations = creations;
        this.members = members;
        this.context = context;
        this.world = context == WORLD_CONTEXT;
        this.localOfWorld = new int[device.size];
        Arrays.fill(localOfWorld, -1);
        for (int i = 0; i < members.length; i++) localOfWorld[members[i]] = i;
        this.id = localOfWorld[device.rank];
    }

    /** The world communicator of {@code device}'s rank. */
    static UcxComm world(UcxDevice device) {
        int[] all = new int[device.size];
        for (int i = 0; i < all.length; i++) all[i] = i;
        return new UcxComm(device, all, WORLD_CONTEXT, CommCreation.forWorld(WORLD_CONTEXT));
    }

    @Override
    public int size() {
        return members.length;
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public String backendName() {
        return UcxBackend.NAME;
    }

    boolean isWorld() {
        return world;
    }

    /** World ranks of the members, by id. Not to be modified. */
    int[] members() {
        return members;
    }

    /** The id in this communicator of world rank {@code worldRank}, or -1. */
    int localId(int worldRank) {
        return localOfWorld[worldRank];
    }

    @Override
    public void send(Buffer buf, int dest, int tag) {
        device.activity.enter(Activity.SEND, this, dest, tag);
        try {
            isend(buf, dest, tag).iwait();
        } finally {
            device.activity.exit(Activity.SEND);
        }
    }

    @Override
    public Status recv(Buffer buf, int source, int tag) {
        device.activity.enter(Activity.RECV, this, source, tag);
        try {
            return irecv(buf, source, tag).iwait();
        } finally {
            device.activity.exit(Activity.RECV);
        }
    }

    @Override
    public Request isend(Buffer buf, int dest, int tag) {
        checkSendArgs(buf, dest, tag);
        UcxRequest r = UcxRequest.of(device, buf);
        buf.lendToDevice();
        int destWorld = members[dest];
        r.start(this, true, destWorld, tag);
        device.activity.sent();
        try {
            device.startSend(r, context, destWorld, tag);
        } catch (RuntimeException e) {
            throw refused(r, buf, e);
        }
        return r;
    }

    @Override
    public Request irecv(Buffer buf, int source, int tag) {
        checkRecvArgs(buf, source, tag);
        UcxRequest r = UcxRequest.of(device, buf);
        buf.lendToDevice();
        r.start(this, false, -1, tag);
        PostedReceive p = r.posted;
        p.context = context;
        p.source = source == ANY_SOURCE ? PostedReceive.ANY : members[source];
        p.tag = tag == ANY_TAG ? PostedReceive.ANY : tag;
        try {
            device.startRecv(r);
        } catch (RuntimeException e) {
            throw refused(r, buf, e);
        }
        return r;
    }

    /** Undoes the start of {@code r}, which the device refused with {@code e}: fails it, returns the buffer. */
    private static RuntimeException refused(UcxRequest r, Buffer buf, RuntimeException e) {
        r.fail(UcxRequest.DEVICE, e.getMessage());
        buf.returnFromDevice();
        return e;
    }

    /** mpjdev's shared create: the id-list check and context derivation of {@link CommCreation}. */
    @Override
    public Comm create(int[] ids) {
        return creations.create(ids, members.length, id, (context, list, children) -> {
            int[] worldRanks = new int[list.length];
            for (int k = 0; k < list.length; k++) worldRanks[k] = members[list[k]];
            return new UcxComm(device, worldRanks, context, children);
        });
    }
}

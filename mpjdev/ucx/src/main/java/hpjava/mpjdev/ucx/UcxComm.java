package hpjava.mpjdev.ucx;

import hpjava.mpjdev.watch.Activity;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A communicator of the ucx backend: a list of world ranks and a 64-bit matching context carried in every message's
 * envelope. Sub-communicator contexts are derived locally (no messages) from the parent's context, the id list and
 * how many times this rank created a communicator from that list, mixed by a 64-bit hash; distinct communicators
 * collide with probability about n^2 / 2^64.
 */
final class UcxComm extends Comm {
    static final long WORLD_CONTEXT = 0x6870_6a61_7661_0001L;

    private final UcxDevice device;
    private final int[] members;
    private final int[] localOfWorld;
    private final int id;
    private final long context;
    private final boolean world;
    private final Map<IdList, Integer> creations = new HashMap<>(); // guarded by itself

    private UcxComm(UcxDevice device, int[] members, long context, boolean world) {
        this.device = device;
        this.members = members;
        this.context = context;
        this.world = world;
        this.localOfWorld = new int[device.size];
        Arrays.fill(localOfWorld, -1);
        for (int i = 0; i < members.length; i++) localOfWorld[members[i]] = i;
        this.id = localOfWorld[device.rank];
    }

    /** The world communicator of {@code device}'s rank. */
    static UcxComm world(UcxDevice device) {
        int[] all = new int[device.size];
        for (int i = 0; i < all.length; i++) all[i] = i;
        return new UcxComm(device, all, WORLD_CONTEXT, true);
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
            r.fail(UcxRequest.DEVICE, e.getMessage());
            buf.returnFromDevice();
            throw e;
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
            r.fail(UcxRequest.DEVICE, e.getMessage());
            buf.returnFromDevice();
            throw e;
        }
        return r;
    }

    @Override
    public Comm create(int[] ids) {
        if (ids == null || ids.length == 0) throw new IllegalArgumentException("create: the id list is empty");
        int[] worldRanks = new int[ids.length];
        boolean[] seen = new boolean[members.length];
        boolean containsSelf = false;
        for (int k = 0; k < ids.length; k++) {
            int i = ids[k];
            if (i < 0 || i >= members.length) {
                throw new IllegalArgumentException("create: id " + i + " is not a rank of this communicator (size "
                        + members.length + ")");
            }
            if (seen[i]) throw new IllegalArgumentException("create: id " + i + " appears twice in the list");
            seen[i] = true;
            containsSelf |= i == id;
            worldRanks[k] = members[i];
        }
        if (!containsSelf) {
            throw new IllegalArgumentException("create: the list " + Arrays.toString(ids)
                    + " does not contain the calling rank (id " + id + ")");
        }
        int count;
        synchronized (creations) {
            count = creations.merge(new IdList(ids.clone()), 1, Integer::sum);
        }
        return new UcxComm(device, worldRanks, deriveContext(context, ids, count), false);
    }

    /**
     * SplitMix64-style mixing of the parent context, the id list and the creation count; never 0 (an empty
     * {@link TinySlots} slot reads as context 0).
     */
    static long deriveContext(long parent, int[] ids, int count) {
        long h = mix(parent ^ 0x9E37_79B9_7F4A_7C15L);
        h = mix(h ^ ids.length);
        for (int i : ids) h = mix(h + i);
        h = mix(h ^ ((long) count << 32));
        return h != 0 ? h : 1;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }

    private record IdList(int[] ids) {
        @Override
        public boolean equals(Object o) {
            return o instanceof IdList other && Arrays.equals(ids, other.ids);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(ids);
        }
    }
}

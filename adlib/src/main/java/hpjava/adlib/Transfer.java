package hpjava.adlib;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A planned exchange of array elements: for each peer, the regions this process sends (read from the source storage)
 * and receives (written to the destination storage), and local copies. One message per peer and direction; each
 * region is packed with one strided copy into a pooled buffer (objects: gathered, then serialized). Execution posts
 * all receives, sends, copies locally, then unpacks messages in arrival order. Steady state allocates nothing but
 * what the device itself allocates per request (and object serialization).
 */
final class Transfer {
    private final Kernel kernel;
    private final int tag;
    private final int[] sendPeers, recvPeers;
    private final Region[][] sendRegions, recvRegions;
    private final long[] sendBytes, recvBytes;
    private final Region[] localSrc, localDst;
    private final Buffer[] sendBufs, recvBufs;
    private final Request[] sendReqs, recvReqs;
    private final Object scratch;       // object arrays: gather/scatter staging, sized for the largest message
    private final java.lang.ref.Cleaner.Cleanable cleanable;

    /** Collects the plan of one transfer. */
    static final class Builder {
        private final Map<Integer, List<Region>> sends = new LinkedHashMap<>(), recvs = new LinkedHashMap<>();
        private final List<Region> localSrc = new ArrayList<>(), localDst = new ArrayList<>();

        void send(int peer, List<Region> regions) {
            if (!regions.isEmpty()) sends.computeIfAbsent(peer, k -> new ArrayList<>()).addAll(coalesced(regions));
        }

        void recv(int peer, List<Region> regions) {
            if (!regions.isEmpty()) recvs.computeIfAbsent(peer, k -> new ArrayList<>()).addAll(coalesced(regions));
        }

        void local(List<Region> src, List<Region> dst) {
            for (int i = 0; i < src.size(); i++) {
                Region[] pair = Region.coalesced(src.get(i), dst.get(i));
                localSrc.add(pair[0]);
                localDst.add(pair[1]);
            }
        }

        /** Each region with its contiguous dimensions merged (a message packs each region on its own). */
        private static List<Region> coalesced(List<Region> regions) {
            List<Region> out = new ArrayList<>(regions.size());
            for (Region r : regions) out.add(Region.coalesced(r)[0]);
            return out;
        }

        boolean isEmpty() { return sends.isEmpty() && recvs.isEmpty() && localSrc.isEmpty(); }

        Transfer build(Kernel kernel, int tag) { return new Transfer(this, kernel, tag); }
    }

    private Transfer(Builder b, Kernel kernel, int tag) {
        this.kernel = kernel;
        this.tag = tag;
        sendPeers = keys(b.sends);
        recvPeers = keys(b.recvs);
        sendRegions = values(b.sends);
        recvRegions = values(b.recvs);
        sendBytes = bytes(sendRegions, kernel);
        recvBytes = bytes(recvRegions, kernel);
        localSrc = b.localSrc.toArray(new Region[0]);
        localDst = b.localDst.toArray(new Region[0]);
        sendBufs = new Buffer[sendPeers.length];
        recvBufs = new Buffer[recvPeers.length];
        for (int i = 0; i < sendBufs.length; i++) sendBufs[i] = Buffer.allocate(sendBytes[i]);
        for (int i = 0; i < recvBufs.length; i++) recvBufs[i] = Buffer.allocate(recvBytes[i]);
        cleanable = sendBufs.length + recvBufs.length > 0 ? CLEANER.register(this, new Release(sendBufs, recvBufs)) : null;
        sendReqs = new Request[sendPeers.length];
        recvReqs = new Request[recvPeers.length];
        int most = 0;
        for (Region[] rs : sendRegions) most = Math.max(most, total(rs));
        for (Region[] rs : recvRegions) most = Math.max(most, total(rs));
        scratch = kernel.isObject() ? kernel.newArray(most) : null;
    }

    private static int[] keys(Map<Integer, List<Region>> m) {
        return m.keySet().stream().mapToInt(Integer::intValue).toArray();
    }

    private static Region[][] values(Map<Integer, List<Region>> m) {
        return m.values().stream().map(l -> l.toArray(new Region[0])).toArray(Region[][]::new);
    }

    private static long[] bytes(Region[][] rs, Kernel k) {
        long[] out = new long[rs.length];
        for (int i = 0; i < rs.length; i++) {
            long n = Buffer.HEADER_BYTES + Buffer.CHECK_WORDS_BYTES;
            if (k.isObject()) n += Buffer.SECTION_HEADER_BYTES + 64L * total(rs[i]) + 1024;
            else for (Region g : rs[i]) n += Buffer.SECTION_HEADER_BYTES + ((long) g.size * k.elementBytes() + 7 & ~7L);
            out[i] = n;
        }
        return out;
    }

    private static int total(Region[] rs) {
        int n = 0;
        for (Region g : rs) n += g.size;
        return n;
    }

    /**
     * The message buffers belong to the transfer for its whole life (so packing reuses the device's per-buffer state
     * and nothing is acquired per execution); their native memory is freed when the transfer becomes unreachable.
     */
    private static final java.lang.ref.Cleaner CLEANER = java.lang.ref.Cleaner.create();

    private record Release(Buffer[] a, Buffer[] b) implements Runnable {
        @Override
        public void run() {
            for (Buffer x : a) if (!x.isLent()) x.release();
            for (Buffer x : b) if (!x.isLent()) x.release();
        }
    }

    /** Frees the message buffers now (the transfer must not be executed again); idempotent. */
    void free() {
        if (cleanable != null) cleanable.clean();
    }

    /** Number of messages this process sends plus receives (for tests of plan shape). */
    int messageCount() { return sendPeers.length + recvPeers.length; }

    /**
     * Runs the exchange from {@code src} storage into {@code dst} storage (may be the same array). Blocking. When
     * {@code checked}, every message carries {@code sig} and {@code seq} as the check words of its header
     * ({@link Buffer#start}: two stores, compared in place by the receiver, {@link Buffer#checkWordsMatch}: two loads,
     * two compares), and a received message with others throws {@link AdlibException} naming both calls
     * ({@code owner} describes this one); else none does (every rank of the job then runs unchecked: the schedules
     * were planned in the same mode). Both modes run the same Buffer methods, the mode a flag: see Buffer#start.
     */
    void execute(AdlibRank rank, Object src, Object dst, boolean checked, long sig, long seq, Schedule owner) {
        start(rank, src, dst, checked, sig, seq);
        finish(rank, dst, checked, sig, seq, owner);
    }

    /**
     * The first half of {@link #execute}: posts the receives, packs and posts the sends, makes the local copies, and
     * returns without waiting. Until {@link #finish} the destination's received regions are undefined and the source's
     * sent regions may still be read by the device's sends only through this transfer's own buffers (packing is done
     * here), so the caller may change the source at once but must not read the received regions.
     */
    void start(AdlibRank rank, Object src, Object dst, boolean checked, long sig, long seq) {
        final Comm comm = rank.comm;
        final int nr = recvPeers.length, ns = sendPeers.length;
        final Buffer[] rb = recvBufs, sb = sendBufs;
        final Request[] rr = recvReqs, sr = sendReqs;
        boolean posted = false;
        try {
            for (int i = 0; i < nr; i++) rr[i] = comm.irecv(rb[i], recvPeers[i], tag);
            for (int i = 0; i < ns; i++) {
                Buffer b = sb[i].start(checked, sig, seq);   // off: no rank sends words
                pack(b, src, sendRegions[i]);
                sr[i] = comm.isend(b, sendPeers[i], tag);
            }
            for (int i = 0; i < localSrc.length; i++) kernel.copy(src, localSrc[i], dst, localDst[i]);
            posted = true;
        } finally {
            if (!posted) forget();
        }
    }

    /** The second half of {@link #execute}: waits for the messages {@link #start} posted and unpacks them. */
    void finish(AdlibRank rank, Object dst, boolean checked, long sig, long seq, Schedule owner) {
        final Comm comm = rank.comm;
        final int nr = recvPeers.length, ns = sendPeers.length;
        final Buffer[] rb = recvBufs;
        final Request[] rr = recvReqs, sr = sendReqs;
        try {
            for (int left = nr; left > 0; left--) {
                long waiting = rank.waitStart();
                int i = nr == 1 ? 0 : Request.iwaitany(rr).index();
                if (nr == 1) rr[0].iwait();
                rank.waitEnd(waiting);
                rr[i] = null;
                if (!rb[i].checkWordsMatch(checked, sig, seq)) throw mismatch(comm, recvPeers[i], rb[i], owner, checked, seq);
                unpack(rb[i], dst, recvRegions[i]);
            }
            long waiting = rank.waitStart();
            for (int i = 0; i < ns; i++) {
                sr[i].iwait();
                sr[i] = null;
            }
            rank.waitEnd(waiting);
        } finally {
            forget();
        }
    }

    /** After a device failure the job is ending: forget the pending requests. */
    private void forget() {
        java.util.Arrays.fill(recvReqs, null);
        java.util.Arrays.fill(sendReqs, null);
    }

    /** The report for a received message whose check words are not this call's (out of line: failure path only). */
    private static AdlibException mismatch(Comm comm, int peer, Buffer got, Schedule owner, boolean checked, long seq) {
        if (got.hasCheckWords() != checked)
            return new AdlibException("Adlib: collective mismatch between ranks " + comm.id() + " and " + peer + ": rank "
                    + comm.id() + " runs " + owner.describeCall() + " (Adlib collective #" + seq + " of its group) "
                    + (checked ? "checked, but rank " + peer + " sent a message without check words (an unchecked call)"
                               : "unchecked, but rank " + peer + " sent a message with check words (a checked call)"));
        return CallCheck.messageMismatch(comm.id(), peer, owner.describeCall(), seq, got.checkWord(0), got.checkWord(1));
    }

    private void pack(Buffer b, Object dat, Region[] regions) {
        if (scratch != null) {
            int off = 0;
            for (Region g : regions) { kernel.gather(dat, g, scratch, off); off += g.size; }
            b.writeObjects((Object[]) scratch, 0, off);
            return;
        }
        for (Region g : regions) b.writeStrided(dat, g.base, g.counts, g.strides);
    }

    private void unpack(Buffer b, Object dat, Region[] regions) {
        if (scratch != null) {
            int n = b.readObjects((Object[]) scratch, 0), off = 0;
            for (Region g : regions) { kernel.scatter(scratch, off, dat, g); off += g.size; }
            if (off != n) throw new AdlibException("internal: object message holds " + n + " elements, plan expects " + off);
            return;
        }
        for (Region g : regions) b.readStrided(dat, g.base, g.counts, g.strides);
    }
}

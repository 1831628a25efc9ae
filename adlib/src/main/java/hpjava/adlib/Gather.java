package hpjava.adlib;

import hpjava.lang.Group;
import hpjava.lang.IntMultiarray;
import hpjava.lang.Multiarray;
import hpjava.lang.ProcessContext;
import hpjava.lang.Range;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Request;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A reusable irregular gather or scatter (inspector/executor). Gather: {@code dst[k] = src[subs0[k], subs1[k], ..]},
 * subscript arrays aligned with {@code dst}, one per dimension of {@code src}. Scatter: {@code dst[subs0[k], ..] =
 * src[k]}, subscript arrays aligned with {@code src}. The communication pattern is computed from the subscript values
 * when the schedule is built (each requester computes the storage offsets on the owners, which are the same on every
 * process, and sends them once); {@code execute()} then moves only values. A schedule assumes the subscripts are
 * unchanged; the static forms {@code Adlib.gather}/{@code scatter} plan at every call. Scatter with repeated target
 * subscripts: the value from the last source element in (source process APG order, element order) wins.
 * Subscripts out of range throw {@link AdlibException} on every APG member.
 */
public final class Gather extends Schedule {
    private final AdlibRank rk;
    private final Multiarray dst, src;
    private final Kernel kernel;
    private final boolean scatter;
    // per peer (job rank): offsets this process reads (outgoing values) and writes (incoming values)
    private final int[] outPeers, inPeers;
    private final int[][] outOffs, inOffs;
    private final int[] localFrom, localTo;    // local copies: src offsets -> dst offsets
    private final int localAt;                 // scatter: position of the local copies in the in-order application
    private final Object scratch;
    private final Buffer[] inBufs, outBufs;
    private final Request[] inReqs, outReqs;
    private final CallCheck.Call call;

    /** Plans {@code gather(dst, src, subs...)} ({@code scatter == false}) or {@code scatter(dst, src, subs...)}. */
    public Gather(boolean scatter, Multiarray dst, Multiarray src, IntMultiarray... subs) {
        String op = scatter ? "scatter" : "gather";
        ProcessContext ctx = AdlibRank.context();
        Group apg = ctx.apg();
        Remap.check(op, apg, dst, src);
        Multiarray indexed = scatter ? dst : src, direct = scatter ? src : dst;
        if (subs == null || subs.length != indexed.rank())
            throw new AdlibException(op + ": needs " + indexed.rank() + " subscript arrays (one per dimension of the "
                    + (scatter ? "destination" : "source") + "), got " + (subs == null ? 0 : subs.length));
        for (int i = 0; i < subs.length; i++) {
            AdlibRank.checkInApg(apg, subs[i], op, "subscript " + i);
            if (!subs[i].sameDistribution(direct))
                throw new AdlibException(op + ": subscript array " + i + " (" + subs[i].describe() + ") is not aligned with the "
                        + (scatter ? "source " : "destination ") + direct.describe());
        }
        this.rk = AdlibRank.current(ctx);
        this.dst = dst;
        this.src = src;
        this.scatter = scatter;
        this.kernel = Kernel.of(dst);
        int id = ctx.id();
        int[] members = apg.members();
        int me = apg.indexOf(id);
        this.call = new CallCheck.Call(apg, id, CallCheck.signature(op, dst, src.shape().length, java.util.Arrays.hashCode(src.shape())),
                CallCheck.describe(op, dst, ", " + src.elementType() + " " + Local.shape(src) + ", " + subs.length + " subscript arrays"));
        call.agree(rk);
        Layout Li = new Layout(indexed);

        // the direct array's own elements (primary copies only for scatter: each source element is sent once)
        List<Integer> directOffs = new ArrayList<>();
        List<int[]> targets = new ArrayList<>();
        String error = null;
        boolean active = scatter ? Local.isPrimary(src, id) : dst.isMember();
        if (active) {
            Region[] dr = Local.owned(direct, id);
            Region[][] sr = new Region[subs.length][];
            for (int i = 0; i < subs.length; i++) sr[i] = Local.owned(subs[i], id);
            int[] shape = indexed.shape();
            for (int j = 0; j < dr.length && error == null; j++) {
                int[] offs = offsets(dr[j]);
                int[][] sv = new int[subs.length][];
                for (int i = 0; i < subs.length; i++) sv[i] = values(subs[i].dat(), sr[i][j]);
                for (int e = 0; e < offs.length; e++) {
                    int[] g = new int[subs.length];
                    for (int i = 0; i < subs.length; i++) {
                        g[i] = sv[i][e];
                        if (g[i] < 0 || g[i] >= shape[i]) {
                            error = op + ": subscript " + g[i] + " (subscript array " + i + ") is outside 0.." + (shape[i] - 1)
                                    + " of the " + (scatter ? "destination " : "source ") + indexed.describe();
                            break;
                        }
                    }
                    if (error != null) break;
                    directOffs.add(offs[e]);
                    targets.add(g);
                }
            }
        }
        Agree.check(rk, members, me, error, op);

        // group by peer: the offsets on the indexed array's holder, and the direct offsets here
        int[] myI = Li.dataCoords(id);
        int n = members.length;
        List<List<Integer>> remoteOffs = new ArrayList<>(), hereOffs = new ArrayList<>();
        for (int k = 0; k < n; k++) { remoteOffs.add(new ArrayList<>()); hereOffs.add(new ArrayList<>()); }
        List<Integer> lf = new ArrayList<>(), lt = new ArrayList<>();
        for (int e = 0; e < targets.size(); e++) {
            int[] g = targets.get(e);
            int[] c = new int[g.length];
            int off = indexed.bas();
            for (int r = 0; r < g.length; r++) {
                Range x = indexed.rng(r);
                c[r] = x.owner(g[r]);
                off += indexed.str(r) * x.localSubscript(g[r]);
            }
            if (!scatter) {
                int p = myI != null && Arrays.equals(myI, c) ? id : Li.primary(c);
                if (p == id) { lf.add(off); lt.add(directOffs.get(e)); }
                else { remoteOffs.get(apg.indexOf(p)).add(off); hereOffs.get(apg.indexOf(p)).add(directOffs.get(e)); }
            } else {
                for (int q : dst.grp().members()) {
                    if (!Arrays.equals(Li.dataCoords(q), c)) continue;
                    if (q == id) { lf.add(directOffs.get(e)); lt.add(off); }
                    else { remoteOffs.get(apg.indexOf(q)).add(off); hereOffs.get(apg.indexOf(q)).add(directOffs.get(e)); }
                }
            }
        }
        // exchange the offset lists once: every member sends one list (maybe empty) to every other member
        int[][] received = new int[n][];
        Buffer[] bufs = new Buffer[n];
        Request[] reqs = new Request[n];
        for (int k = 0; k < n; k++) {
            if (k == me) continue;
            bufs[k] = rk.pool.acquire(16);
            reqs[k] = rk.comm.irecv(bufs[k], members[k], AdlibRank.TAG_GATHER);
        }
        for (int k = 0; k < n; k++) {
            if (k == me) continue;
            int[] l = remoteOffs.get(k).stream().mapToInt(Integer::intValue).toArray();
            Buffer b = rk.pool.acquire(Buffer.HEADER_BYTES + Buffer.SECTION_HEADER_BYTES + 4L * l.length + 8);
            b.write(l);
            rk.comm.send(b, members[k], AdlibRank.TAG_GATHER);
            b.release();
        }
        for (int k = 0; k < n; k++) {
            if (k == me) continue;
            reqs[k].iwait();
            received[k] = new int[bufs[k].nextCount()];
            bufs[k].read(received[k], 0);
            bufs[k].release();
        }
        // gather: peers ask me for values at received offsets (out), I get values for hereOffs (in).
        // scatter: I send my values from hereOffs (out); peers send me values for received offsets (in).
        List<Integer> op_ = new ArrayList<>(), ip = new ArrayList<>();
        List<int[]> oo = new ArrayList<>(), io = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            if (k == me) continue;
            int[] mineHere = hereOffs.get(k).stream().mapToInt(Integer::intValue).toArray();
            int[] out = scatter ? mineHere : received[k];
            int[] in = scatter ? received[k] : mineHere;
            if (out.length > 0) { op_.add(members[k]); oo.add(out); }
            if (in.length > 0) { ip.add(members[k]); io.add(in); }
        }
        int at = 0;
        for (int p : ip) if (apg.indexOf(p) < me) at++;
        this.localAt = at;
        this.outPeers = op_.stream().mapToInt(Integer::intValue).toArray();
        this.inPeers = ip.stream().mapToInt(Integer::intValue).toArray();
        this.outOffs = oo.toArray(new int[0][]);
        this.inOffs = io.toArray(new int[0][]);
        this.localFrom = lf.stream().mapToInt(Integer::intValue).toArray();
        this.localTo = lt.stream().mapToInt(Integer::intValue).toArray();
        int most = 0;
        for (int[] o : outOffs) most = Math.max(most, o.length);
        for (int[] o : inOffs) most = Math.max(most, o.length);
        this.scratch = kernel.newArray(most);
        this.inBufs = new Buffer[inPeers.length];
        this.outBufs = new Buffer[outPeers.length];
        this.inReqs = new Request[inPeers.length];
        this.outReqs = new Request[outPeers.length];
    }

    private static int[] offsets(Region r) {
        int[] out = new int[r.size];
        int[] idx = new int[r.counts.length];
        for (int e = 0; e < r.size; e++) {
            int off = r.base;
            for (int d = 0; d < idx.length; d++) off += idx[d] * r.strides[d];
            out[e] = off;
            for (int d = idx.length - 1; d >= 0 && ++idx[d] == r.counts[d]; d--) idx[d] = 0;
        }
        return out;
    }

    private static int[] values(int[] dat, Region r) {
        int[] offs = offsets(r);
        for (int e = 0; e < offs.length; e++) offs[e] = dat[offs[e]];
        return offs;
    }

    /** Runs the exchange of values (collective over the APG the schedule was built in). */
    @Override
    public void execute() {
        call.agree(rk);
        run(dst, src);
    }

    void run(Multiarray d, Multiarray s) {
        Object dd = kernel.dat(d), sd = kernel.dat(s);
        long esz = kernel.isObject() ? 64 : kernel.elementBytes();
        for (int i = 0; i < inPeers.length; i++) {
            inBufs[i] = rk.pool.acquire(Buffer.HEADER_BYTES + Buffer.SECTION_HEADER_BYTES + esz * inOffs[i].length + 1024);
            inReqs[i] = rk.comm.irecv(inBufs[i], inPeers[i], AdlibRank.TAG_TRANSFER);
        }
        for (int i = 0; i < outPeers.length; i++) {
            Buffer b = rk.pool.acquire(Buffer.HEADER_BYTES + Buffer.SECTION_HEADER_BYTES + esz * outOffs[i].length + 1024);
            outBufs[i] = b;
            int cnt = outOffs[i].length;
            kernel.gatherAt(sd, outOffs[i], 0, cnt, scratch);
            if (kernel.isObject()) b.writeObjects((Object[]) scratch, 0, cnt); else b.write(scratch, 0, cnt);
            outReqs[i] = rk.comm.isend(b, outPeers[i], AdlibRank.TAG_TRANSFER);
        }
        // apply incoming values in peer (APG) order, the local ones at this process's place: deterministic scatter
        for (int i = 0; i <= inPeers.length; i++) {
            if (i == localAt) kernel.copyAt(sd, localFrom, dd, localTo, 0, localFrom.length);
            if (i == inPeers.length) break;
            inReqs[i].iwait();
            if (kernel.isObject()) inBufs[i].readObjects((Object[]) scratch, 0); else inBufs[i].read(scratch, 0);
            kernel.scatterAt(scratch, dd, inOffs[i], 0, inOffs[i].length);
            inBufs[i].release();
            inBufs[i] = null;
            inReqs[i] = null;
        }
        for (int i = 0; i < outPeers.length; i++) {
            outReqs[i].iwait();
            outBufs[i].release();
            outBufs[i] = null;
            outReqs[i] = null;
        }
    }
}

package hpjava.mpi.conformance;

import static hpjava.mpi.conformance.Expect.equal;
import static hpjava.mpi.conformance.Expect.that;

import java.nio.DoubleBuffer;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/** Blocking and nonblocking collectives, with v-variants and in-place forms, against values computed locally. */
final class CollectiveCases {

    private CollectiveCases() {
    }

    static void run() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int n = w.getSize(), me = w.getRank();
        w.barrier();
        for (int root = 0; root < n; root++) {
            int[] b = me == root ? new int[] {root, 7, 8} : new int[3];
            w.bcast(b, 3, MPI.INT, root);
            equal(new int[] {root, 7, 8}, b, "bcast from " + root);
        }
        int root = n - 1;
        int[] all = new int[2 * n];
        w.gather(new int[] {me, -me}, 2, MPI.INT, all, 2, MPI.INT, root);
        if (me == root) for (int r = 0; r < n; r++) equal(new int[] {r, -r}, new int[] {all[2 * r], all[2 * r + 1]}, "gather block " + r);

        int[] counts = new int[n], displs = new int[n];
        int total = 0;
        for (int r = 0; r < n; r++) {
            counts[r] = r + 1;
            displs[r] = total + 1;
            total += r + 2;
        }
        int[] mine = new int[me + 1];
        java.util.Arrays.fill(mine, me + 1);
        int[] gv = new int[total + 1];
        w.gatherv(mine, me + 1, MPI.INT, gv, counts, displs, MPI.INT, 0);
        if (me == 0) for (int r = 0; r < n; r++) for (int k = 0; k < counts[r]; k++) equal(r + 1, gv[displs[r] + k], "gatherv block " + r);
        w.allGatherv(mine, me + 1, MPI.INT, gv, counts, displs, MPI.INT);
        for (int r = 0; r < n; r++) for (int k = 0; k < counts[r]; k++) equal(r + 1, gv[displs[r] + k], "allGatherv block " + r);

        int[] sendAll = new int[n * 2];
        for (int i = 0; i < sendAll.length; i++) sendAll[i] = i * 3;
        int[] piece = new int[2];
        w.scatter(sendAll, 2, MPI.INT, piece, 2, MPI.INT, 0);
        equal(new int[] {me * 6, me * 6 + 3}, piece, "scatter");
        int[] sv = new int[me + 1];
        w.scatterv(gv, counts, displs, MPI.INT, sv, me + 1, MPI.INT, 0);
        for (int k = 0; k <= me; k++) equal(me + 1, sv[k], "scatterv element " + k);

        long[] ag = new long[n];
        ag[me] = me * 5L;
        w.allGather(ag, 1, MPI.LONG);
        for (int r = 0; r < n; r++) equal(r * 5L, ag[r], "in-place allGather entry " + r);

        int[] a2a = new int[n], back = new int[n];
        for (int r = 0; r < n; r++) a2a[r] = me * 100 + r;
        w.allToAll(a2a, 1, MPI.INT, back, 1, MPI.INT);
        for (int r = 0; r < n; r++) equal(r * 100 + me, back[r], "allToAll from " + r);
        int[] sc = new int[n], sd = new int[n], rc = new int[n], rd = new int[n];
        int[] src = new int[n * n], dst = new int[n * n];
        for (int r = 0; r < n; r++) {
            sc[r] = r + 1; sd[r] = r * n; rc[r] = me + 1; rd[r] = r * n;
            for (int k = 0; k <= r; k++) src[r * n + k] = me * 1000 + r;
        }
        w.allToAllv(src, sc, sd, MPI.INT, dst, rc, rd, MPI.INT);
        for (int r = 0; r < n; r++) for (int k = 0; k <= me; k++) equal(r * 1000 + me, dst[r * n + k], "allToAllv from " + r);

        double[] x = {me + 1, 2 * (me + 1)}, sum = new double[2];
        w.reduce(x, sum, 2, MPI.DOUBLE, MPI.SUM, 0);
        double tri = n * (n + 1) / 2.0;
        if (me == 0) equal(new double[] {tri, 2 * tri}, sum, "reduce SUM");
        int[] mx = {me};
        w.allReduce(mx, 1, MPI.INT, MPI.MAX);
        equal(n - 1, mx[0], "in-place allReduce MAX");
        long[] prod = {me + 1};
        long[] p = new long[1];
        w.allReduce(prod, p, 1, MPI.LONG, MPI.PROD);
        long fact = 1;
        for (int r = 1; r <= n; r++) fact *= r;
        equal(fact, p[0], "allReduce PROD");
        DoubleBuffer db = MPI.newDoubleBuffer(1);
        db.put(0, -me);
        w.allReduce(db, 1, MPI.DOUBLE, MPI.MIN);
        equal(-(n - 1), db.get(0), "allReduce MIN in a direct buffer");

        int[] rsIn = new int[n * 2];
        for (int i = 0; i < rsIn.length; i++) rsIn[i] = i + me;
        int[] rsOut = new int[2];
        w.reduceScatterBlock(rsIn, rsOut, 2, MPI.INT, MPI.SUM);
        int base = n * (n - 1) / 2;
        equal(new int[] {2 * me * n + base, (2 * me + 1) * n + base}, rsOut, "reduceScatterBlock");
        int[] rcounts = new int[n];
        int totalRs = 0;
        for (int r = 0; r < n; r++) totalRs += rcounts[r] = r + 1;
        int[] rsv = new int[totalRs];
        java.util.Arrays.fill(rsv, 1);
        int[] rsvOut = new int[me + 1];
        w.reduceScatter(rsv, rsvOut, rcounts, MPI.INT, MPI.SUM);
        for (int k = 0; k <= me; k++) equal(n, rsvOut[k], "reduceScatter element " + k);

        int[] sc1 = {me + 1}, sc2 = new int[1];
        w.scan(sc1, sc2, 1, MPI.INT, MPI.SUM);
        equal((me + 1) * (me + 2) / 2, sc2[0], "scan");
        int[] ex = {-1};
        w.exScan(new int[] {me + 1}, ex, 1, MPI.INT, MPI.SUM);
        if (me > 0) equal(me * (me + 1) / 2, ex[0], "exScan");
        else equal(-1, ex[0], "exScan leaves rank 0's buffer");
    }

    static void runNonblocking() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int n = w.getSize(), me = w.getRank();
        int[] b = me == 0 ? new int[] {42} : new int[1];
        double[] s = {me};
        long[] g = new long[n];
        Request[] rs = {
            w.iBcast(b, 1, MPI.INT, 0),
            w.iAllReduce(s, 1, MPI.DOUBLE, MPI.SUM),
            w.iAllGather(new long[] {me * 7L}, 1, MPI.LONG, g, 1, MPI.LONG),
            w.iBarrier(),
        };
        int[] token = new int[1];
        Request p2p = w.iRecv(token, 1, MPI.INT, (me - 1 + n) % n, 5);
        w.send(new int[] {me}, 1, MPI.INT, (me + 1) % n, 5);
        p2p.waitFor();
        Request.waitAll(rs);
        equal(42, b[0], "iBcast");
        equal(n * (n - 1) / 2.0, s[0], "iAllReduce");
        for (int r = 0; r < n; r++) equal(r * 7L, g[r], "iAllGather entry " + r);
        equal((me - 1 + n) % n, token[0], "point-to-point during nonblocking collectives");
        int[] gathered = new int[n];
        Request ig = w.iGather(new int[] {me}, 1, MPI.INT, gathered, 1, MPI.INT, 0);
        int[] scanned = new int[1];
        Request is = w.iScan(new int[] {1}, scanned, 1, MPI.INT, MPI.SUM);
        int[] a2a = new int[n];
        int[] src = new int[n];
        java.util.Arrays.fill(src, me);
        Request ia = w.iAllToAll(src, 1, MPI.INT, a2a, 1, MPI.INT);
        int[] rsb = new int[1];
        int[] rsbIn = new int[n];
        java.util.Arrays.fill(rsbIn, 1);
        Request ir = w.iReduceScatterBlock(rsbIn, rsb, 1, MPI.INT, MPI.SUM);
        Request.waitAll(new Request[] {ig, is, ia, ir});
        if (me == 0) for (int r = 0; r < n; r++) equal(r, gathered[r], "iGather entry " + r);
        equal(me + 1, scanned[0], "iScan");
        for (int r = 0; r < n; r++) equal(r, a2a[r], "iAllToAll entry " + r);
        equal(n, rsb[0], "iReduceScatterBlock");
        Request t = w.iBarrier();
        while (!t.test()) Thread.onSpinWait();
        that(t.isNull(), "iBarrier request null after test");
    }
}

package hpjava.mpi.conformance;

import static hpjava.mpi.conformance.Expect.equal;
import static hpjava.mpi.conformance.Expect.that;

import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Message;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

/** Point-to-point: every send mode, wildcards, ordering, probes, matched probes, buffers, objects, PROC_NULL. */
final class PointToPointCases {

    private PointToPointCases() {
    }

    static void run() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int n = w.getSize(), me = w.getRank();
        int right = (me + 1) % n, left = (me - 1 + n) % n;

        int[] got = new int[3];
        Status s = w.sendRecv(new int[] {me, me * 2, me * 3}, 3, MPI.INT, right, 11, got, 3, MPI.INT, left, 11);
        equal(new int[] {left, left * 2, left * 3}, got, "ring sendRecv");
        equal(left, s.getSource(), "sendRecv source");
        equal(11, s.getTag(), "sendRecv tag");
        equal(3, s.getCount(MPI.INT), "sendRecv count");

        int[] rep = {me};
        w.sendRecvReplace(rep, 1, MPI.INT, right, 12, left, 12);
        equal(left, rep[0], "sendRecvReplace");

        modes(w, me, n);
        ordering(w, me, n);
        probes(w, me, n);
        buffers(w, me, n, left, right);
        objects(w, me, n);
        procNull(w);
        selfAndCancel(w, me);
        persistent(w, me, left, right);
    }

    private static void modes(Intracomm w, int me, int n) throws MPIException {
        if (n < 2) return;
        MPI.attachBuffer(MPI.newByteBuffer(1024));
        if (me == 0) {
            w.send(new double[] {1.5}, 1, MPI.DOUBLE, 1, 1);
            w.sSend(new double[] {2.5}, 1, MPI.DOUBLE, 1, 2);
            w.bSend(new double[] {3.5}, 1, MPI.DOUBLE, 1, 3);
            w.barrier();
            w.rSend(new double[] {4.5}, 1, MPI.DOUBLE, 1, 4);
        } else if (me == 1) {
            double[] x = new double[1];
            for (int tag : new int[] {2, 1, 3}) {
                w.recv(x, 1, MPI.DOUBLE, 0, tag);
                equal(tag + 0.5, x[0], "mode of tag " + tag);
            }
            double[] ready = new double[1];
            Request r = w.iRecv(ready, 1, MPI.DOUBLE, 0, 4);
            w.barrier();
            r.waitFor();
            equal(4.5, ready[0], "ready-mode send");
        } else {
            w.barrier();
        }
        MPI.detachBuffer();
        if (me == 0) {
            Request r = w.isSend(new int[] {7}, 1, MPI.INT, 1, 5);
            r.waitFor();
        } else if (me == 1) {
            int[] x = new int[1];
            w.recv(x, 1, MPI.INT, 0, 5);
            equal(7, x[0], "isSend");
        }
    }

    private static void ordering(Intracomm w, int me, int n) throws MPIException {
        if (me != 0) {
            for (int i = 0; i < 20; i++) w.send(new int[] {me, i}, 2, MPI.INT, 0, i % 3);
            w.barrier();
            return;
        }
        int[] next = new int[n];
        int[] m = new int[2];
        for (int k = 0; k < 20 * (n - 1); k++) {
            Status s = w.recv(m, 2, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
            equal(m[0], s.getSource(), "ANY_SOURCE status");
            equal(m[1] % 3, s.getTag(), "ANY_TAG status");
            equal(next[m[0]], m[1], "order of messages from rank " + m[0]);
            next[m[0]]++;
        }
        w.barrier();
    }

    private static void probes(Intracomm w, int me, int n) throws MPIException {
        if (n < 2) return;
        if (me == 1) {
            w.send(new long[] {1, 2, 3, 4, 5}, 5, MPI.LONG, 0, 21);
            w.send(new long[] {9, 8}, 2, MPI.LONG, 0, 22);
            w.send(new long[] {6}, 1, MPI.LONG, 0, 23);
        } else if (me == 0) {
            Status p = w.probe(1, 21);
            equal(5, p.getCount(MPI.LONG), "probe count");
            Status again = w.iProbe(1, 21);
            that(again != null && again.getCount(MPI.LONG) == 5, "iProbe after probe");
            long[] x = new long[p.getCount(MPI.LONG)];
            w.recv(x, x.length, MPI.LONG, 1, 21);
            equal(new long[] {1, 2, 3, 4, 5}, x, "received after probe");
            Message msg = new Message();
            Status mp = msg.mProbe(1, MPI.ANY_TAG, w);
            equal(22, mp.getTag(), "mProbe tag");
            that(w.iProbe(1, 22) == null, "a message taken by mProbe is still seen by iProbe");
            long[] y = new long[2];
            msg.mRecv(y, 2, MPI.LONG);
            equal(new long[] {9, 8}, y, "mRecv");
            that(msg.isNull(), "message not null after mRecv");
            w.probe(1, 23);
            Message m2 = new Message();
            that(m2.imProbe(1, 23, w) != null, "imProbe");
            long[] z = new long[1];
            m2.imRecv(z, 1, MPI.LONG).waitFor();
            equal(6, z[0], "imRecv");
        }
    }

    private static void buffers(Intracomm w, int me, int n, int left, int right) throws MPIException {
        IntBuffer out = MPI.newIntBuffer(10);
        for (int i = 0; i < 10; i++) out.put(i, me * 100 + i);
        DoubleBuffer unused = MPI.newDoubleBuffer(1);
        IntBuffer in = MPI.newIntBuffer(12);
        Request r = w.iRecv(MPI.slice(in, 2), 10, MPI.INT, left, 31);
        Request s = w.iSend(out, 10, MPI.INT, right, 31);
        Request.waitAll(new Request[] {r, s});
        for (int i = 0; i < 10; i++) equal(left * 100 + i, in.get(2 + i), "direct buffer element " + i);
        equal(0, unused.get(0), "untouched buffer");
        int[] viewed = new int[6];
        w.sendRecv(MPI.slice(new int[] {0, 0, me, -me}, 2), 2, MPI.INT, right, 35, MPI.slice(viewed, 3), 2, MPI.INT, left, 35);
        equal(new int[] {0, 0, 0, left, -left, 0}, viewed, "MPI.slice of arrays");
        int[] arr = new int[4];
        Request ra = w.iRecv(arr, 4, MPI.INT, left, 32);
        w.iSend(new int[] {me, me, me, me}, 4, MPI.INT, right, 32).waitFor();
        ra.waitFor();
        equal(new int[] {left, left, left, left}, arr, "nonblocking arrays");
        if (n >= 2 && me == 0) {
            w.send(new int[] {1, 2, 3, 4, 5}, 5, MPI.INT, 1, 33);
            w.send(new int[] {1}, 1, MPI.INT, 1, 34);
        } else if (n >= 2 && me == 1) {
            int[] small = new int[3];
            Expect.error(MPI.ERR_TRUNCATE, "truncated receive", () -> w.recv(small, 3, MPI.INT, 0, 33));
            equal(new int[] {1, 2, 3}, small, "the part of a truncated message that fits");
            Expect.error(MPI.ERR_TYPE, "receive of another basic type", () -> w.recv(new double[1], 1, MPI.DOUBLE, 0, 34));
        }
    }

    private static void objects(Intracomm w, int me, int n) throws MPIException {
        if (n < 2) return;
        if (me == 0) {
            w.send(new Object[] {"a", java.util.List.of(1, 2), 3.0}, 3, MPI.OBJECT, 1, 41);
        } else if (me == 1) {
            Object[] o = new Object[3];
            Status s = w.recv(o, 3, MPI.OBJECT, 0, 41);
            equal(3, s.getCount(MPI.OBJECT), "object count");
            equal(new Object[] {"a", java.util.List.of(1, 2), 3.0}, o, "objects");
        }
    }

    private static void procNull(Intracomm w) throws MPIException {
        w.send(new int[1], 1, MPI.INT, MPI.PROC_NULL, 0);
        Status s = w.recv(new int[1], 1, MPI.INT, MPI.PROC_NULL, 0);
        equal(MPI.PROC_NULL, s.getSource(), "PROC_NULL receive's source");
        equal(0, s.getCount(MPI.INT), "PROC_NULL receive's count");
        w.iSend(new int[1], 1, MPI.INT, MPI.PROC_NULL, 0).waitFor();
        equal(MPI.PROC_NULL, w.probe(MPI.PROC_NULL, 0).getSource(), "PROC_NULL probe");
    }

    private static void selfAndCancel(Intracomm w, int me) throws MPIException {
        Request r = w.iSend(new int[] {me + 1000}, 1, MPI.INT, me, 51);
        int[] x = new int[1];
        w.recv(x, 1, MPI.INT, me, 51);
        r.waitFor();
        equal(me + 1000, x[0], "send to self");
        Request never = w.iRecv(new int[1], 1, MPI.INT, MPI.ANY_SOURCE, 999_999);
        never.cancel();
        Status c = never.waitStatus();
        that(c.isCancelled(), "a cancelled receive's status says cancelled");
        that(never.isNull(), "request null after its wait");
    }

    private static void persistent(Intracomm w, int me, int left, int right) throws MPIException {
        int[] out = new int[1], in = new int[1];
        Prequest send = w.sendInit(out, 1, MPI.INT, right, 61);
        Prequest recv = w.recvInit(in, 1, MPI.INT, left, 61);
        for (int round = 0; round < 3; round++) {
            out[0] = me * 10 + round;
            Prequest.startAll(new Prequest[] {recv, send});
            Request.waitAll(new Request[] {recv, send});
            equal(left * 10 + round, in[0], "persistent round " + round);
            that(!recv.isNull(), "a persistent request is not null between rounds");
        }
        send.free();
        recv.free();
    }
}

package hpjava.mpi.conformance;

import static hpjava.mpi.conformance.Expect.equal;
import static hpjava.mpi.conformance.Expect.that;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/** Requests and statuses: wait/test All/Any/Some, null requests, getStatus, element counts. */
final class RequestCases {

    private RequestCases() {
    }

    static void run() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int n = w.getSize(), me = w.getRank();
        int right = (me + 1) % n, left = (me - 1 + n) % n;

        int[][] in = new int[4][1];
        Request[] recvs = new Request[4];
        for (int k = 0; k < 4; k++) recvs[k] = w.iRecv(in[k], 1, MPI.INT, left, 70 + k);
        for (int k = 3; k >= 0; k--) w.send(new int[] {me * 10 + k}, 1, MPI.INT, right, 70 + k);
        boolean[] seen = new boolean[4];
        for (int done = 0; done < 4; ) {
            Status s = Request.waitAnyStatus(recvs);
            that(s != null, "waitAny found no active request with " + (4 - done) + " left");
            int i = s.getIndex();
            that(!seen[i], "waitAny returned index " + i + " twice");
            seen[i] = true;
            equal(left * 10 + i, in[i][0], "waitAny data of index " + i);
            equal(70 + i, s.getTag(), "waitAny status tag");
            done++;
        }
        equal(MPI.UNDEFINED, Request.waitAny(recvs), "waitAny of completed requests");

        int[][] in2 = new int[3][1];
        Request[] two = new Request[3];
        for (int k = 0; k < 3; k++) two[k] = w.iRecv(in2[k], 1, MPI.INT, left, 80 + k);
        for (int k = 0; k < 3; k++) w.send(new int[] {k}, 1, MPI.INT, right, 80 + k);
        int completed = 0;
        while (completed < 3) {
            int[] some = Request.waitSome(two);
            that(some != null && some.length > 0, "waitSome returned nothing");
            completed += some.length;
        }
        that(Request.waitSome(two) == null, "waitSome of completed requests is null");

        int[] a = new int[1];
        Request r = w.iRecv(a, 1, MPI.INT, left, 90);
        w.send(new int[] {me}, 1, MPI.INT, right, 90);
        while (!Request.testAll(new Request[] {r})) Thread.onSpinWait();
        equal(left, a[0], "testAll");

        Request r2 = w.iRecv(a, 1, MPI.INT, left, 91);
        w.send(new int[] {me + 1}, 1, MPI.INT, right, 91);
        Status got = null;
        while (got == null) got = r2.getStatus();
        equal(left + 1, a[0], "getStatus");
        that(r2.waitStatus() != null, "wait after getStatus");

        Status empty = MPI.REQUEST_NULL.waitStatus();
        that(empty != null && MPI.REQUEST_NULL.isNull(), "REQUEST_NULL");
        Status[] all = Request.waitAllStatus(new Request[] {null, MPI.REQUEST_NULL});
        equal(2, all.length, "waitAll of null requests");

        Request s1 = w.iSend(new double[] {1, 2, 3, 4}, 4, MPI.DOUBLE, right, 92);
        double[] d = new double[4];
        Status st = w.recv(d, 4, MPI.DOUBLE, left, 92);
        s1.waitFor();
        equal(4, st.getElements(MPI.DOUBLE), "getElements");
        equal(2, st.getCount(MPI.DOUBLE_COMPLEX), "count of pairs");
        equal(MPI.UNDEFINED, st.getCount(mpi.Datatype.createContiguous(3, MPI.DOUBLE)), "count of a type that does not divide");
        equal(left, st.source, "mpiJava field source");
    }
}

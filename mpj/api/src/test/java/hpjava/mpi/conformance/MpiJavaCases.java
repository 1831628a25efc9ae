package hpjava.mpi.conformance;

import static hpjava.mpi.conformance.Expect.equal;
import static hpjava.mpi.conformance.Expect.that;

import mpi.Cartcomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/** The mpiJava 1.2 forms (offsets in elements) as HPJava 1.0 and MPJ Express programs write them. */
final class MpiJavaCases {

    private MpiJavaCases() {
    }

    static void run() throws MPIException {
        int me = MPI.COMM_WORLD.Rank(), n = MPI.COMM_WORLD.Size();
        int right = (me + 1) % n, left = (me - 1 + n) % n;
        double t = MPI.Wtime();
        that(t > 0 || t <= 0, "Wtime");

        int[] out = {0, 0, me, me + 1, 0}, in = new int[6];
        Request r = MPI.COMM_WORLD.Irecv(in, 3, 2, MPI.INT, left, 1);
        MPI.COMM_WORLD.Send(out, 2, 2, MPI.INT, right, 1);
        Status s = r.Wait();
        equal(new int[] {0, 0, 0, left, left + 1, 0}, in, "Send/Irecv with offsets");
        equal(2, s.Get_count(MPI.INT), "Get_count");
        equal(left, s.source, "status.source");
        equal(1, s.tag, "status.tag");

        int[] sr = new int[3];
        MPI.COMM_WORLD.Sendrecv(new int[] {9, me}, 1, 1, MPI.INT, right, 2, sr, 1, 1, MPI.INT, left, 2);
        equal(left, sr[1], "Sendrecv with offsets");

        int[] bc = new int[4];
        if (me == 0) bc[2] = 77;
        MPI.COMM_WORLD.Bcast(bc, 2, 1, MPI.INT, 0);
        equal(77, bc[2], "Bcast with an offset");

        double[] val = {0, me + 1}, sum = new double[3];
        MPI.COMM_WORLD.Reduce(val, 1, sum, 2, 1, MPI.DOUBLE, MPI.SUM, 0);
        if (me == 0) equal(n * (n + 1) / 2.0, sum[2], "Reduce with offsets");
        MPI.COMM_WORLD.Allreduce(val, 1, sum, 0, 1, MPI.DOUBLE, MPI.MAX);
        equal(n, sum[0], "Allreduce");

        int[] all = new int[n + 1];
        MPI.COMM_WORLD.Gather(new int[] {me}, 0, 1, MPI.INT, all, 1, 1, MPI.INT, 0);
        if (me == 0) for (int k = 0; k < n; k++) equal(k, all[k + 1], "Gather entry " + k);
        MPI.COMM_WORLD.Allgather(new int[] {me * 2}, 0, 1, MPI.INT, all, 0, 1, MPI.INT);
        for (int k = 0; k < n; k++) equal(2 * k, all[k], "Allgather entry " + k);
        int[] piece = new int[2];
        MPI.COMM_WORLD.Scatter(all, 0, 1, MPI.INT, piece, 1, 1, MPI.INT, 0);
        equal(2 * me, piece[1], "Scatter");
        int[] counts = new int[n], displs = new int[n];
        for (int k = 0; k < n; k++) {
            counts[k] = 1;
            displs[k] = n - 1 - k;
        }
        int[] gv = new int[n];
        MPI.COMM_WORLD.Gatherv(new int[] {me}, 0, 1, MPI.INT, gv, 0, counts, displs, MPI.INT, 0);
        if (me == 0) for (int k = 0; k < n; k++) equal(n - 1 - k, gv[k], "Gatherv reversed entry " + k);
        int[] sv = new int[1];
        MPI.COMM_WORLD.Scatterv(gv, 0, counts, displs, MPI.INT, sv, 0, 1, MPI.INT, 0);
        equal(me, sv[0], "Scatterv");
        int[] a2a = new int[n], back = new int[n];
        for (int k = 0; k < n; k++) a2a[k] = me * n + k;
        MPI.COMM_WORLD.Alltoall(a2a, 0, 1, MPI.INT, back, 0, 1, MPI.INT);
        for (int k = 0; k < n; k++) equal(k * n + me, back[k], "Alltoall entry " + k);
        MPI.COMM_WORLD.Alltoallv(a2a, 0, counts, identity(n), MPI.INT, back, 0, counts, identity(n), MPI.INT);
        for (int k = 0; k < n; k++) equal(k * n + me, back[k], "Alltoallv entry " + k);

        if (n >= 2 && me == 0) {
            MPI.COMM_WORLD.Send(new Object[] {"hello", 42}, 0, 2, MPI.OBJECT, 1, 3);
        } else if (n >= 2 && me == 1) {
            Object[] o = new Object[2];
            Status os = MPI.COMM_WORLD.Recv(o, 0, 2, MPI.OBJECT, 0, 3);
            equal("hello", o[0], "MPI.OBJECT string");
            equal(42, o[1], "MPI.OBJECT integer");
            equal(2, os.Get_count(MPI.OBJECT), "object count");
        }

        Request[] reqs = {MPI.COMM_WORLD.Isend(new int[] {me}, 0, 1, MPI.INT, right, 4),
            MPI.COMM_WORLD.Irecv(piece, 0, 1, MPI.INT, left, 4)};
        Status[] st = Request.Waitall(reqs);
        equal(2, st.length, "Waitall statuses");
        equal(left, piece[0], "Isend/Irecv/Waitall");

        Cartcomm ring = MPI.COMM_WORLD.Create_cart(new int[] {n}, new boolean[] {true}, false);
        equal(me, ring.Rank(), "Cartcomm rank");
        equal(n, ring.Get().dims[0], "Cartcomm Get().dims");
        MPI.COMM_WORLD.Barrier();
    }

    private static int[] identity(int n) {
        int[] a = new int[n];
        for (int k = 0; k < n; k++) a[k] = k;
        return a;
    }
}

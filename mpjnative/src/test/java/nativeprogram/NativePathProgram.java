package nativeprogram;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;
import mpi.Comm;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Request;
import mpi.Status;
import mpi.UserFunction;

/**
 * An MPI program as users write it, run by {@code NativePathTest} on the mpi backend at np 2 and 4: point-to-point
 * with arrays and direct buffers (blocking and nonblocking), probes, derived datatypes, collectives (blocking and
 * nonblocking, in place, v-forms), a user reduction, communicator split/dup, and errors the library reports. Each
 * check that fails throws, which fails the job; rank 0 prints one line per area that passed.
 */
public final class NativePathProgram {
    private static int rank, size;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        rank = world.getRank();
        size = world.getSize();
        say("library " + MPI.getLibVersion());
        pointToPoint(world);
        say("point-to-point ok");
        datatypes(world);
        say("datatypes ok");
        collectives(world);
        say("collectives ok");
        userReduction(world);
        say("user reduction ok");
        communicators(world);
        say("communicators ok");
        errors(world);
        say("errors ok");
        MPI.Finalize();
    }

    private static void pointToPoint(Intracomm world) throws MPIException {
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        double[] out = {rank, rank + 0.5, rank + 0.25}, in = new double[5];
        Request r = world.iRecv(in, 3, MPI.DOUBLE, left, 7);
        world.send(out, 3, MPI.DOUBLE, right, 7);
        Status s = r.waitStatus();
        check(in[0] == left && in[2] == left + 0.25 && in[3] == 0, "array ring " + Arrays.toString(in));
        check(s.getSource() == left && s.getTag() == 7 && s.getCount(MPI.DOUBLE) == 3, "status " + s);

        IntBuffer bout = MPI.newIntBuffer(4), bin = MPI.newIntBuffer(4);
        for (int i = 0; i < 4; i++) bout.put(i, rank * 10 + i);
        Request sr = world.iSend(bout, 4, MPI.INT, right, 8);
        world.recv(bin, 4, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
        sr.waitFor();
        check(bin.get(3) == left * 10 + 3, "direct ring " + bin.get(3));

        long[] big = new long[100_000];
        if (rank == 0) {
            Arrays.setAll(big, i -> i * 3L);
            world.sSend(big, big.length, MPI.LONG, 1 % size, 9);
        } else if (rank == 1) {
            Status p = world.probe(0, 9);
            check(p.getCount(MPI.LONG) == big.length, "probe count " + p.getCount(MPI.LONG));
            world.recv(big, big.length, MPI.LONG, 0, 9);
            check(big[99_999] == 99_999 * 3L, "large synchronous message");
        }
        world.barrier();
    }

    private static void datatypes(Intracomm world) throws MPIException {
        // every second int of 8, as a vector; received contiguously
        Datatype every2 = Datatype.createVector(4, 1, 2, MPI.INT);
        every2.commit();
        int[] grid = new int[8], got = {-1, -1, -1, -1, -1};
        Arrays.setAll(grid, i -> rank * 100 + i);
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        Request r = world.iRecv(got, 4, MPI.INT, left, 1);
        world.send(grid, 1, every2, right, 1);
        r.waitFor();
        check(got[0] == left * 100 && got[3] == left * 100 + 6 && got[4] == -1, "vector " + Arrays.toString(got));
        // received through the vector: gaps keep their values
        int[] spread = new int[8];
        Arrays.fill(spread, -7);
        Request r2 = world.iRecv(spread, 1, every2, left, 2);
        world.send(new int[] {1, 2, 3, 4}, 4, MPI.INT, right, 2);
        r2.waitFor();
        check(spread[0] == 1 && spread[1] == -7 && spread[6] == 4 && spread[7] == -7, "into vector " + Arrays.toString(spread));
        // indexed
        Datatype idx = Datatype.createIndexed(new int[] {2, 1}, new int[] {0, 5}, MPI.DOUBLE);
        idx.commit();
        double[] d = new double[6], e = new double[3];
        Arrays.setAll(d, i -> rank + i / 10.0);
        world.sendRecv(d, 1, idx, right, 3, e, 3, MPI.DOUBLE, left, 3);
        check(e[1] == left + 0.1 && e[2] == left + 0.5, "indexed " + Arrays.toString(e));
        every2.free();
        idx.free();
    }

    private static void collectives(Intracomm world) throws MPIException {
        int[] v = {rank + 1, 2 * (rank + 1)};
        int[] sum = new int[2];
        world.allReduce(v, sum, 2, MPI.INT, MPI.SUM);
        int total = size * (size + 1) / 2;
        check(sum[0] == total && sum[1] == 2 * total, "allReduce " + Arrays.toString(sum));
        DoubleBuffer db = MPI.newDoubleBuffer(1).put(0, rank);
        world.allReduce(db, 1, MPI.DOUBLE, MPI.MAX);
        check(db.get(0) == size - 1, "allReduce in place, direct " + db.get(0));
        long[] b = new long[3];
        if (rank == size - 1) b = new long[] {5, 6, 7};
        world.bcast(b, 3, MPI.LONG, size - 1);
        check(b[2] == 7, "bcast");
        int[] all = new int[size];
        world.allGather(new int[] {rank * rank}, 1, MPI.INT, all, 1, MPI.INT);
        for (int i = 0; i < size; i++) check(all[i] == i * i, "allGather " + Arrays.toString(all));
        int[] send = new int[size], recv = new int[size];
        for (int i = 0; i < size; i++) send[i] = rank * 1000 + i;
        world.allToAll(send, 1, MPI.INT, recv, 1, MPI.INT);
        for (int i = 0; i < size; i++) check(recv[i] == i * 1000 + rank, "allToAll " + Arrays.toString(recv));
        int[] counts = new int[size], displs = new int[size];
        for (int i = 0; i < size; i++) {
            counts[i] = i + 1;
            displs[i] = i * (i + 1) / 2;
        }
        int[] mine = new int[rank + 1];
        Arrays.fill(mine, rank);
        int[] gathered = new int[size * (size + 1) / 2];
        world.gatherv(mine, rank + 1, MPI.INT, gathered, counts, displs, MPI.INT, 0);
        if (rank == 0) check(gathered[gathered.length - 1] == size - 1 && gathered[1] == 1, "gatherv " + Arrays.toString(gathered));
        int[] prefix = new int[1];
        world.scan(new int[] {1}, prefix, 1, MPI.INT, MPI.SUM);
        check(prefix[0] == rank + 1, "scan " + prefix[0]);
        double[] nb = {rank};
        Request r = world.iAllReduce(nb, 1, MPI.DOUBLE, MPI.SUM);
        r.waitFor();
        check(nb[0] == size * (size - 1) / 2.0, "iAllReduce " + nb[0]);
        int[] loc = {rank == 1 % size ? 99 : rank, rank};
        int[] maxloc = new int[2];
        world.allReduce(loc, maxloc, 1, MPI.INT2, MPI.MAXLOC);
        check(maxloc[0] == Math.max(99, size - 1) && (size == 1 || maxloc[1] == 1 % size || maxloc[0] == size - 1), "maxloc "
                + Arrays.toString(maxloc));
        world.iBarrier().waitFor();
    }

    private static void userReduction(Intracomm world) throws MPIException {
        Op product = new Op(new UserFunction() {
            @Override
            public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) {
                for (int i = 0; i < count; i++) inOut.putLong(i * 8, in.getLong(i * 8) * inOut.getLong(i * 8));
            }

            @Override
            public void call(Object in, Object inOut, int count, Datatype type) {
                long[] a = (long[]) in, b = (long[]) inOut;
                for (int i = 0; i < count; i++) b[i] = a[i] * b[i];
            }
        }, true);
        long[] x = {rank + 1, 2}, y = new long[2];
        world.allReduce(x, y, 2, MPI.LONG, product);
        long fact = 1;
        for (int i = 1; i <= size; i++) fact *= i;
        check(y[0] == fact && y[1] == 1L << size, "user reduction " + Arrays.toString(y));
        product.free();
    }

    private static void communicators(Intracomm world) throws MPIException {
        Intracomm half = world.split(rank % 2, rank);
        int[] sum = new int[1];
        half.allReduce(new int[] {1}, sum, 1, MPI.INT, MPI.SUM);
        check(sum[0] == half.getSize() && half.getSize() == (size + 1 - rank % 2) / 2, "split " + sum[0]);
        Comm copy = world.dup();
        int[] token = {rank == 0 ? 42 : 0};
        copy.bcast(token, 1, MPI.INT, 0);
        check(token[0] == 42, "dup bcast");
        copy.free();
        half.free();
    }

    private static void errors(Intracomm world) throws MPIException {
        if (size < 2) return;
        if (rank == 0) world.send(new int[] {1, 2, 3, 4}, 4, MPI.INT, 1, 5);
        if (rank == 1) {
            int[] small = new int[2];
            try {
                world.recv(small, 2, MPI.INT, 0, 5);
                check(false, "a truncated receive did not fail");
            } catch (MPIException e) {
                check(e.getErrorClass() == MPI.ERR_TRUNCATE, "truncation reported as " + e.getMessage());
                say1("truncation: " + e.getMessage());
            }
        }
        world.barrier();
    }

    private static void check(boolean ok, String what) {
        if (!ok) throw new AssertionError("rank " + rank + ": " + what);
    }

    private static void say(String line) {
        if (rank == 0) System.out.println(line);
    }

    private static void say1(String line) {
        System.out.println(line);
    }
}

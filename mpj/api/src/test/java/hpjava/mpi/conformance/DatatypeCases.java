package hpjava.mpi.conformance;

import static hpjava.mpi.conformance.Expect.equal;
import static hpjava.mpi.conformance.Expect.that;

import java.nio.ByteBuffer;
import mpi.Comm;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Status;
import mpi.UserFunction;

/** Derived datatypes (bounds, sizes, communication, pack/unpack) and reduction operations (predefined and user). */
final class DatatypeCases {

    private DatatypeCases() {
    }

    static void run() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int n = w.getSize(), me = w.getRank();
        int right = (me + 1) % n, left = (me - 1 + n) % n;

        Datatype column = Datatype.createVector(4, 1, 4, MPI.DOUBLE);
        Expect.error(MPI.ERR_TYPE, "an uncommitted type", () -> w.send(new double[16], 1, column, right, 0));
        column.commit();
        equal(13, column.getExtent(), "vector extent");
        equal(4, column.getSize(), "vector size");
        double[] m = new double[16];
        for (int i = 0; i < 16; i++) m[i] = me * 100 + i;
        double[] col = new double[4];
        w.sendRecv(m, 1, column, right, 1, col, 4, MPI.DOUBLE, left, 1);
        equal(new double[] {left * 100, left * 100 + 4, left * 100 + 8, left * 100 + 12}, col, "a column sent as a vector");

        double[] back = new double[16];
        Datatype col2 = Datatype.createVector(4, 1, 4, MPI.DOUBLE);
        col2.commit();
        w.sendRecv(new double[] {1, 2, 3, 4}, 4, MPI.DOUBLE, right, 3, back, 1, col2, left, 3);
        equal(new double[] {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0}, back, "received into a vector");

        Datatype idx = Datatype.createIndexed(new int[] {2, 1}, new int[] {0, 5}, MPI.INT);
        idx.commit();
        equal(6, idx.getExtent(), "indexed extent");
        equal(3, idx.getSize(), "indexed size");
        int[] out = new int[8];
        w.sendRecv(new int[] {1, 2, 3, 4, 5, 6, 7, 8}, 1, idx, right, 4, out, 3, MPI.INT, left, 4);
        equal(new int[] {1, 2, 6, 0, 0, 0, 0, 0}, out, "indexed");

        Datatype blk = Datatype.createIndexedBlock(2, new int[] {1, 4}, MPI.INT);
        blk.commit();
        int[] bo = new int[4];
        w.sendRecv(new int[] {0, 1, 2, 3, 4, 5}, 1, blk, right, 5, bo, 4, MPI.INT, left, 5);
        equal(new int[] {1, 2, 4, 5}, bo, "indexedBlock");

        Datatype hv = Datatype.createHVector(2, 2, 5, MPI.INT);
        hv.commit();
        Datatype hi = Datatype.createHIndexed(new int[] {1, 1}, new int[] {3, 0}, MPI.INT);
        hi.commit();
        int[] h = new int[4];
        w.sendRecv(new int[] {0, 1, 2, 3, 4, 5, 6}, 1, hv, right, 6, h, 4, MPI.INT, left, 6);
        equal(new int[] {0, 1, 5, 6}, h, "hVector");
        w.sendRecv(new int[] {10, 11, 12, 13}, 1, hi, right, 7, h, 2, MPI.INT, left, 7);
        equal(new int[] {13, 10}, new int[] {h[0], h[1]}, "hIndexed in the map's order");

        Datatype every2 = Datatype.createResized(MPI.INT, 0, 2);
        every2.commit();
        equal(2, every2.getExtent(), "resized extent");
        int[] r2 = new int[6];
        w.sendRecv(new int[] {7, 8, 9}, 3, MPI.INT, right, 8, r2, 3, every2, left, 8);
        equal(new int[] {7, 0, 8, 0, 9, 0}, r2, "resized type as a stride");

        Datatype contig = Datatype.createContiguous(3, MPI.LONG);
        contig.commit();
        long[] lc = new long[6];
        Status st = w.sendRecv(new long[] {1, 2, 3, 4, 5, 6}, 2, contig, right, 9, lc, 2, contig, left, 9);
        equal(2, st.getCount(contig), "count of a contiguous type");
        equal(6, st.getElements(contig), "elements of a contiguous type");

        Datatype struct = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.INT, MPI.DOUBLE});
        struct.commit();
        equal(16, struct.getExtent(), "struct extent (bytes)");
        equal(12, struct.getSize(), "struct size (bytes)");
        ByteBuffer sb = MPI.newByteBuffer(32), rb = MPI.newByteBuffer(32);
        sb.putInt(0, me).putDouble(8, me + 0.25).putInt(16, -me).putDouble(24, me + 0.5);
        w.sendRecv(sb, 2, struct, right, 10, rb, 2, struct, left, 10);
        equal(left, rb.getInt(0), "struct int");
        equal(left + 0.25, rb.getDouble(8), "struct double");
        equal(left + 0.5, rb.getDouble(24), "second struct's double");

        byte[] packed = new byte[w.packSize(3, MPI.INT) + w.packSize(2, MPI.DOUBLE)];
        int pos = w.pack(new int[] {1, 2, 3}, 3, MPI.INT, packed, 0);
        pos = w.pack(new double[] {0.5, 1.5}, 2, MPI.DOUBLE, packed, pos);
        equal(packed.length, pos, "pack position");
        int[] ui = new int[3];
        double[] ud = new double[2];
        pos = w.unpack(packed, 0, ui, 3, MPI.INT);
        w.unpack(packed, pos, ud, 2, MPI.DOUBLE);
        equal(new int[] {1, 2, 3}, ui, "unpacked ints");
        equal(new double[] {0.5, 1.5}, ud, "unpacked doubles");

        Datatype dup = column.dup();
        equal(column.getExtent(), dup.getExtent(), "dup extent");
        dup.free();
        Expect.error(MPI.ERR_TYPE, "use of a freed type", () -> w.send(new double[16], 1, dup, right, 0));
        column.free();
        col2.free();
    }

    static void runOps() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int n = w.getSize(), me = w.getRank();
        Op matmul = new Op(new UserFunction() {
            @Override
            public void call(Object inVec, Object inOutVec, int count, Datatype datatype) {
                long[] a = (long[]) inVec, b = (long[]) inOutVec;
                for (int i = 0; i < count; i++) {
                    int o = 4 * i;
                    long c0 = a[o] * b[o] + a[o + 1] * b[o + 2], c1 = a[o] * b[o + 1] + a[o + 1] * b[o + 3];
                    long c2 = a[o + 2] * b[o] + a[o + 3] * b[o + 2], c3 = a[o + 2] * b[o + 1] + a[o + 3] * b[o + 3];
                    b[o] = c0; b[o + 1] = c1; b[o + 2] = c2; b[o + 3] = c3;
                }
            }
        }, false);
        Datatype mat = Datatype.createContiguous(4, MPI.LONG);
        mat.commit();
        long[] mine = {2, me, 0, 1}, prod = new long[4];
        w.allReduce(mine, prod, 1, mat, matmul);
        long weighted = 0;
        for (int r = 0; r < n; r++) weighted += (long) r << r;
        equal(new long[] {1L << n, weighted, 0, 1}, prod, "non-commutative user op combined in rank order");
        that(!matmul.isCommutative(), "isCommutative");

        int[] loc = {(me * 7) % n, me};
        int[] minloc = new int[2];
        w.allReduce(loc, minloc, 1, MPI.INT2, MPI.MINLOC);
        equal(new int[] {0, 0}, minloc, "MINLOC");
        ByteBuffer di = MPI.newByteBuffer(16), dout = MPI.newByteBuffer(16);
        di.putDouble(0, me == n - 1 ? 100.0 : me).putInt(8, me);
        w.allReduce(di, dout, 1, MPI.DOUBLE_INT, MPI.MAXLOC);
        equal(100.0, dout.getDouble(0), "MAXLOC value");
        equal(n - 1, dout.getInt(8), "MAXLOC index");

        boolean[] flag = {me == 0};
        boolean[] any = new boolean[1], all = new boolean[1];
        w.allReduce(flag, any, 1, MPI.BOOLEAN, MPI.LOR);
        w.allReduce(flag, all, 1, MPI.BOOLEAN, MPI.LAND);
        that(any[0] && (all[0] == (n == 1)), "LOR/LAND on booleans");
        int[] bits = {1 << me}, or = new int[1];
        w.allReduce(bits, or, 1, MPI.INT, MPI.BOR);
        equal((1 << n) - 1, or[0], "BOR");
        int[] inout = {1, 2};
        Comm.reduceLocal(new int[] {10, 20}, inout, 2, MPI.INT, MPI.SUM);
        equal(new int[] {11, 22}, inout, "reduceLocal");
        Expect.error(MPI.ERR_OP, "SUM on booleans", () -> w.allReduce(flag, any, 1, MPI.BOOLEAN, MPI.SUM));
        Expect.error(MPI.ERR_OP, "MINLOC on plain ints", () -> w.allReduce(bits, or, 1, MPI.INT, MPI.MINLOC));
        Expect.error(MPI.ERR_OP, "BAND on doubles", () -> w.allReduce(new double[1], new double[1], 1, MPI.DOUBLE, MPI.BAND));
        matmul.free();
        mat.free();
    }
}

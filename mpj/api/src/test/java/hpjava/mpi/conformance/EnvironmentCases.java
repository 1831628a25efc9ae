package hpjava.mpi.conformance;

import static hpjava.mpi.conformance.Expect.equal;
import static hpjava.mpi.conformance.Expect.that;

import java.nio.ByteOrder;
import java.nio.IntBuffer;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/** The environment: sizes and ranks, times, versions, thread level, predefined attributes, Init twice. */
final class EnvironmentCases {

    private EnvironmentCases() {
    }

    static void run() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int n = w.getSize(), me = w.getRank();
        that(n >= 1 && me >= 0 && me < n, "rank " + me + " of " + n);
        int[] ranks = new int[n];
        w.allGather(new int[] {me}, 1, MPI.INT, ranks, 1, MPI.INT);
        for (int r = 0; r < n; r++) equal(r, ranks[r], "allGather of the ranks, entry " + r);
        equal(1, MPI.COMM_SELF.getSize(), "COMM_SELF size");
        equal(0, MPI.COMM_SELF.getRank(), "COMM_SELF rank");
        equal("MPI_COMM_WORLD", w.getName(), "world's name");
        double t0 = MPI.wtime(), t1 = MPI.wtime();
        that(t1 >= t0, "wtime is not monotonic: " + t0 + " then " + t1);
        that(MPI.wtick() > 0 && MPI.wtick() < 1, "wtick " + MPI.wtick());
        that(!MPI.getProcessorName().isEmpty(), "empty processor name");
        equal(3, MPI.getVersion().getVersion(), "MPI version");
        that(!MPI.getLibVersion().isEmpty(), "empty library version");
        that(MPI.isInitialized(), "isInitialized");
        that(!MPI.isFinalized(), "isFinalized before Finalize");
        equal(MPI.THREAD_MULTIPLE, MPI.queryThread(), "thread level");
        that((Integer) w.getAttr(MPI.TAG_UB) >= 32767, "TAG_UB " + w.getAttr(MPI.TAG_UB));
        equal(n, (long) (Integer) w.getAttr(MPI.UNIVERSE_SIZE), "UNIVERSE_SIZE");
        Expect.error(MPI.ERR_OTHER, "Init twice", () -> MPI.Init(new String[0]));
        IntBuffer b = MPI.newIntBuffer(8);
        that(b.isDirect() && b.order() == ByteOrder.nativeOrder() && b.capacity() == 8, "newIntBuffer");
        b.put(5, 55);
        equal(55, MPI.slice(b, 5).get(0), "slice");
    }
}

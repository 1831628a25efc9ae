package hpjava.bench.adlib;

import hpjava.lang.FloatMultiarray;
import hpjava.lang.Procs;
import hpjava.lang.Range;

/**
 * The edges a hand-written halo exchange of a 2-dimensional array with ghost width 1 moves, computed once: per phase
 * (dimension 0, then 1) and side (0 = low, 1 = high) the neighbour's rank ({@code -1}: none), the offsets in the
 * local data array of the edge to send and of the ghost cells to fill, and the edge's shape (counts and strides of
 * its two dimensions). Phase 0 moves owned rows (interior columns); phase 1 moves columns including the ghost rows
 * filled in phase 0, so the corners arrive too. This is exactly the set of cells {@code Adlib.writeHalo} fills.
 * Shared by the hand-written baselines (over mpjdev here, over raw Open MPI in bench/mpi).
 */
public final class HaloEdges {
    private final int[][] peer = new int[2][2];
    private final int[][] sendBase = new int[2][2], recvBase = new int[2][2];
    private final int[][] counts = new int[2][], strides = new int[2][];

    /** The edges of rank {@code me} of grid {@code p} for array {@code a} (ghost width 1 on both dimensions). */
    public HaloEdges(Procs p, FloatMultiarray a, int me) {
        int[] c = p.coords(me);
        Range x0 = a.rng(0), x1 = a.rng(1);
        int n0 = x0.localCount(c[0]), n1 = x1.localCount(c[1]);
        int s0 = a.str(0), s1 = a.str(1);
        int lo0 = c[0] > 0 ? 1 : 0, hi0 = c[0] < p.extent(0) - 1 ? 1 : 0;
        counts[0] = new int[] {1, n1};
        strides[0] = new int[] {s0, s1};
        counts[1] = new int[] {n0 + lo0 + hi0, 1};
        strides[1] = new int[] {s0, s1};
        int rowFirst = s0 + s1, rowLast = s0 * n0 + s1;  // first/last owned row, from the first owned column
        int colTop = s0 * (1 - lo0);
        for (int dim = 0; dim < 2; dim++) {
            for (int side = 0; side < 2; side++) {
                int[] q = c.clone();
                q[dim] += side == 0 ? -1 : 1;
                peer[dim][side] = q[dim] < 0 || q[dim] >= p.extent(dim) ? -1 : p.rankAt(q);
            }
        }
        sendBase[0][0] = rowFirst;                        // my first row goes up
        recvBase[0][0] = s1;                              // ghost row 0
        sendBase[0][1] = rowLast;                         // my last row goes down
        recvBase[0][1] = s0 * (n0 + 1) + s1;              // ghost row n0+1
        sendBase[1][0] = colTop + s1;                     // my first column goes left
        recvBase[1][0] = colTop;                          // ghost column 0
        sendBase[1][1] = colTop + s1 * n1;                // my last column goes right
        recvBase[1][1] = colTop + s1 * (n1 + 1);          // ghost column n1+1
    }

    /** The neighbour's rank on this side in this phase, or -1. */
    public int peer(int dim, int side) {
        return peer[dim][side];
    }

    public int sendBase(int dim, int side) {
        return sendBase[dim][side];
    }

    public int recvBase(int dim, int side) {
        return recvBase[dim][side];
    }

    /** The edge's extents in the two array dimensions (one of them is 1); shared, do not modify. */
    public int[] counts(int dim) {
        return counts[dim];
    }

    /** The array's strides; shared, do not modify. */
    public int[] strides(int dim) {
        return strides[dim];
    }

    /** Elements of the edge moved in this phase. */
    public int elements(int dim) {
        return counts[dim][0] * counts[dim][1];
    }
}

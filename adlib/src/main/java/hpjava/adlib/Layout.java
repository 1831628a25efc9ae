package hpjava.adlib;

import hpjava.lang.Group;
import hpjava.lang.Multiarray;
import hpjava.lang.Procs;

/**
 * How an array maps onto processes: per array dimension the grid axis it is distributed over (-1 for a sequential
 * dimension); grid axes neither used by a dimension nor fixed by the group are <em>replicated</em>: processes
 * differing only there hold copies of the same elements. The <em>primary</em> copy of an element is on the process
 * with coordinate 0 on every replicated axis.
 */
final class Layout {
    final Multiarray a;
    final Group grp;
    final Procs grid;
    final int rank;
    final int[] axis;
    final boolean[] replicated;

    Layout(Multiarray a) {
        this.a = a;
        this.grp = a.grp();
        this.grid = grp.procs();
        this.rank = a.rank();
        this.axis = new int[rank];
        boolean[] used = new boolean[grid.rank()];
        for (int r = 0; r < rank; r++) {
            var d = a.rng(r).dim();
            axis[r] = d == null ? -1 : d.axis();
            if (d != null) used[d.axis()] = true;
        }
        replicated = new boolean[grid.rank()];
        for (int x = 0; x < replicated.length; x++) replicated[x] = !used[x] && grp.fixedCoord(x) < 0;
    }

    /** Per array dimension, the coordinate of job rank {@code rank} (0 for sequential dimensions); null for a non-member. */
    int[] dataCoords(int rank) {
        if (!grp.isMember(rank)) return null;
        int[] c = new int[this.rank];
        for (int r = 0; r < this.rank; r++) c[r] = axis[r] < 0 ? 0 : grid.coord(rank, axis[r]);
        return c;
    }

    /** Whether job rank {@code rank} holds the primary copy of its elements. */
    boolean isPrimary(int rank) {
        if (!grp.isMember(rank)) return false;
        for (int x = 0; x < replicated.length; x++) if (replicated[x] && grid.coord(rank, x) != 0) return false;
        return true;
    }

    /** The job rank holding the primary copy of the elements with data coordinates {@code dc}. */
    int primary(int[] dc) {
        int[] g = new int[grid.rank()];
        for (int x = 0; x < g.length; x++) g[x] = Math.max(grp.fixedCoord(x), 0);
        for (int r = 0; r < rank; r++) if (axis[r] >= 0) g[axis[r]] = dc[r];
        return grid.rankAt(g);
    }

    /** The job rank whose grid coordinates are those of {@code rank} except {@code c} on grid axis {@code ax}. */
    int neighbour(int rank, int ax, int c) {
        int[] g = grid.coords(rank);
        g[ax] = c;
        return grid.rankAt(g);
    }

    /** Number of data-coordinate vectors (product of the process counts of the dimensions). */
    int coordCount() {
        int n = 1;
        for (int r = 0; r < rank; r++) n *= a.rng(r).procCount();
        return n;
    }

    /** The {@code k}-th data-coordinate vector, row-major. */
    int[] coordVector(int k) {
        int[] c = new int[rank];
        for (int r = rank - 1; r >= 0; r--) {
            int p = a.rng(r).procCount();
            c[r] = k % p;
            k /= p;
        }
        return c;
    }
}

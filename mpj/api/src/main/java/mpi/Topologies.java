package mpi;

/** Checks of topology arguments and the row-major rank/coordinate arithmetic of Cartesian grids. */
final class Topologies {

    private Topologies() {
    }

    /** Checks {@code dims}/{@code periods}; the grid's size, at most {@code size}. */
    static int checkCart(String what, int[] dims, boolean[] periods, int size) throws MPIException {
        ArgumentChecks.notNull(what, "dims", dims);
        ArgumentChecks.notNull(what, "periods", periods);
        if (dims.length != periods.length)
            throw new MPIException(ErrorClass.DIMS, what + ": dims has " + dims.length + " entries, periods " + periods.length);
        long n = 1;
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] <= 0) throw new MPIException(ErrorClass.DIMS, what + ": dims[" + i + "] = " + dims[i] + " must be > 0");
            n *= dims[i];
            if (n > size) throw new MPIException(ErrorClass.DIMS, what + ": the grid " + java.util.Arrays.toString(dims) + " has more points than the communicator's " + size + " ranks");
        }
        return (int) n;
    }

    static void checkGraph(String what, int[] index, int[] edges, int size) throws MPIException {
        ArgumentChecks.notNull(what, "index", index);
        ArgumentChecks.notNull(what, "edges", edges);
        if (index.length > size) throw new MPIException(ErrorClass.TOPOLOGY, what + ": " + index.length + " nodes but only " + size + " ranks");
        int prev = 0;
        for (int i = 0; i < index.length; i++) {
            if (index[i] < prev || index[i] > edges.length)
                throw new MPIException(ErrorClass.TOPOLOGY, what + ": index[" + i + "] = " + index[i] + " is not between index[i-1] and edges.length");
            prev = index[i];
        }
        for (int e : edges)
            if (e < 0 || e >= index.length) throw new MPIException(ErrorClass.TOPOLOGY, what + ": edge to " + e + " is not a node (0.." + (index.length - 1) + ")");
    }

    static int rankOf(String what, int[] dims, boolean[] periods, int[] coords) throws MPIException {
        ArgumentChecks.notNull(what, "coords", coords);
        if (coords.length != dims.length)
            throw new MPIException(ErrorClass.DIMS, what + ": " + coords.length + " coordinates for a " + dims.length + "-dimensional grid");
        int rank = 0;
        for (int i = 0; i < dims.length; i++) {
            int c = coords[i];
            if (periods[i]) c = Math.floorMod(c, dims[i]);
            else if (c < 0 || c >= dims[i])
                throw new MPIException(ErrorClass.ARG, what + ": coordinate " + i + " = " + c + " is outside 0.." + (dims[i] - 1) + " of a non-periodic dimension");
            rank = rank * dims[i] + c;
        }
        return rank;
    }

    static int[] coordsOf(String what, int[] dims, int rank, int size) throws MPIException {
        ArgumentChecks.rank(what, "rank", rank, size);
        int[] c = new int[dims.length];
        for (int i = dims.length - 1; i >= 0; i--) {
            c[i] = rank % dims[i];
            rank /= dims[i];
        }
        return c;
    }

    /** Fills the zero entries of {@code dims} so that the product is {@code nnodes}, as evenly as possible. */
    static void createDims(int nnodes, int[] dims) throws MPIException {
        ArgumentChecks.notNull("createDims", "dims", dims);
        if (nnodes <= 0) throw new MPIException(ErrorClass.DIMS, "createDims: nnodes " + nnodes + " must be > 0");
        int fixed = 1, free = 0;
        for (int d : dims) {
            if (d < 0) throw new MPIException(ErrorClass.DIMS, "createDims: a dimension is negative");
            if (d > 0) fixed *= d; else free++;
        }
        if (nnodes % fixed != 0)
            throw new MPIException(ErrorClass.DIMS, "createDims: " + nnodes + " is not a multiple of the fixed dimensions' product " + fixed);
        int rest = nnodes / fixed;
        if (free == 0) {
            if (rest != 1) throw new MPIException(ErrorClass.DIMS, "createDims: the dimensions' product is not " + nnodes);
            return;
        }
        int[] f = new int[free];
        java.util.Arrays.fill(f, 1);
        for (int p = 2; rest > 1; ) {
            if (rest % p == 0) {
                rest /= p;
                int smallest = 0;
                for (int i = 1; i < free; i++) if (f[i] < f[smallest]) smallest = i;
                f[smallest] *= p;
            } else {
                p++;
            }
        }
        java.util.Arrays.sort(f);
        int k = free - 1;
        for (int i = 0; i < dims.length; i++) if (dims[i] == 0) dims[i] = f[k--];
    }
}

package mpi;

import hpjava.mpi.spi.CommChannel;

/** A communicator with a Cartesian topology: ranks in row-major order over {@code dims}. */
public class CartComm extends Intracomm {

    final int[] dims;
    final boolean[] periods;

    CartComm(CommState state, int[] dims, boolean[] periods) {
        super(state);
        this.dims = dims;
        this.periods = periods;
    }

    @Override
    public int getTopology() throws MPIException {
        st("getTopology");
        return MPI.CART;
    }

    @Override
    public CartComm dup() throws MPIException {
        CommState s = st("dup");
        return new Cartcomm(new CommState(s.channel.dup(), ""), dims, periods);
    }

    /** Dimensions, periods and the caller's coordinates. */
    public CartParms getTopo() throws MPIException {
        CommChannel ch = ch("getTopo");
        return new CartParms(dims.clone(), periods.clone(), Topologies.coordsOf("getTopo", dims, ch.rank(), ch.size()));
    }

    /** The rank at {@code coords} (wrapped in periodic dimensions). */
    public int getRank(int[] coords) throws MPIException {
        st("getRank");
        return Topologies.rankOf("getRank", dims, periods, coords);
    }

    /** The coordinates of {@code rank}. */
    public int[] getCoords(int rank) throws MPIException {
        return Topologies.coordsOf("getCoords", dims, rank, ch("getCoords").size());
    }

    /** The neighbours {@code disp} steps down and up dimension {@code direction} ({@code MPI.PROC_NULL} off an edge). */
    public ShiftParms shift(int direction, int disp) throws MPIException {
        CommChannel ch = ch("shift");
        if (direction < 0 || direction >= dims.length)
            throw new MPIException(ErrorClass.DIMS, "shift: direction " + direction + " is not a dimension (0.." + (dims.length - 1) + ")");
        int[] me = Topologies.coordsOf("shift", dims, ch.rank(), ch.size());
        return new ShiftParms(neighbour(me, direction, -disp), neighbour(me, direction, disp));
    }

    private int neighbour(int[] me, int direction, int step) throws MPIException {
        int[] c = me.clone();
        c[direction] += step;
        if (!periods[direction] && (c[direction] < 0 || c[direction] >= dims[direction])) return MPI.PROC_NULL;
        return Topologies.rankOf("shift", dims, periods, c);
    }

    /** The sub-grids that keep the dimensions marked in {@code remainDims}. <b>Collective.</b> */
    public CartComm sub(boolean[] remainDims) throws MPIException {
        CommChannel ch = ch("sub");
        ArgumentChecks.notNull("sub", "remainDims", remainDims);
        if (remainDims.length != dims.length)
            throw new MPIException(ErrorClass.DIMS, "sub: remainDims has " + remainDims.length + " entries for " + dims.length + " dimensions");
        int[] me = Topologies.coordsOf("sub", dims, ch.rank(), ch.size());
        int colour = 0, key = 0, kept = 0;
        for (int i = 0; i < dims.length; i++) {
            if (remainDims[i]) {
                key = key * dims[i] + me[i];
                kept++;
            } else {
                colour = colour * dims[i] + me[i];
            }
        }
        int[] subDims = new int[kept];
        boolean[] subPeriods = new boolean[kept];
        for (int i = 0, k = 0; i < dims.length; i++) {
            if (remainDims[i]) {
                subDims[k] = dims[i];
                subPeriods[k++] = periods[i];
            }
        }
        return new Cartcomm(new CommState(ch.split(colour, key), ""), subDims, subPeriods);
    }

    /** The rank the caller would have in a grid {@code dims} (without reordering), or {@code MPI.UNDEFINED}. */
    public int map(int[] dims, boolean[] periods) throws MPIException {
        CommChannel ch = ch("map");
        int n = Topologies.checkCart("map", dims, periods, ch.size());
        return ch.rank() < n ? ch.rank() : MPI.UNDEFINED;
    }

    /** Fills the zero entries of {@code dims} with a balanced factorisation of {@code nnodes}. */
    public static void createDims(int nnodes, int[] dims) throws MPIException {
        Topologies.createDims(nnodes, dims);
    }
}

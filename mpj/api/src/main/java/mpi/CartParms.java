package mpi;

/** A Cartesian topology's dimensions, periodicity and the caller's coordinates (Open MPI accessors, mpiJava fields). */
public class CartParms {
    /** mpiJava: the extent of each dimension. */
    public int[] dims;
    /** mpiJava: whether each dimension is periodic. */
    public boolean[] periods;
    /** mpiJava: the caller's coordinates. */
    public int[] coords;

    CartParms(int[] dims, boolean[] periods, int[] coords) {
        this.dims = dims;
        this.periods = periods;
        this.coords = coords;
    }

    /** Number of dimensions. */
    public int getDimCount() {
        return dims.length;
    }

    /** Extent of dimension {@code i}. */
    public int getDim(int i) {
        return dims[i];
    }

    /** Whether dimension {@code i} is periodic. */
    public boolean getPeriod(int i) {
        return periods[i];
    }

    /** The caller's coordinate in dimension {@code i}. */
    public int getCoord(int i) {
        return coords[i];
    }
}

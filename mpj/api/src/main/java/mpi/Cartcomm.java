package mpi;

/** mpiJava 1.2's name for a Cartesian communicator, with its method names; every {@link CartComm} is one. */
public class Cartcomm extends CartComm {

    Cartcomm(CommState state, int[] dims, boolean[] periods) {
        super(state, dims, periods);
    }

    /** mpiJava: {@link #getTopo()}. */
    public CartParms Get() throws MPIException {
        return getTopo();
    }

    /** mpiJava: {@link #getRank(int[])}. */
    public int Rank(int[] coords) throws MPIException {
        return getRank(coords);
    }

    /** mpiJava: {@link #getCoords(int)}. */
    public int[] Coords(int rank) throws MPIException {
        return getCoords(rank);
    }

    /** mpiJava: {@link #shift(int, int)}. */
    public ShiftParms Shift(int direction, int disp) throws MPIException {
        return shift(direction, disp);
    }

    /** mpiJava: {@link #sub(boolean[])}. */
    public Cartcomm Sub(boolean[] remainDims) throws MPIException {
        return (Cartcomm) sub(remainDims);
    }

    /** mpiJava: {@link #map(int[], boolean[])}. */
    public int Map(int[] dims, boolean[] periods) throws MPIException {
        return map(dims, periods);
    }

    /** mpiJava: {@link #createDims(int, int[])}. */
    public static void Dims_create(int nnodes, int[] dims) throws MPIException {
        createDims(nnodes, dims);
    }
}

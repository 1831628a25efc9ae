package hpjava.io;

import hpjava.lang.*;

/**
 * The staging array of a collective file operation ("two-phase I/O", as MPI-IO's collective buffering): an array of
 * the user's shape and element type distributed in blocks over all members of the active process group along one
 * dimension ({@code axis}), every other dimension sequential. Each process's block is then one contiguous run of the
 * file: along the first dimension for C order (.npy), along the last for Fortran order (.vti). Adlib.remap moves the
 * user's array of any distribution into the slab (each element once: ghosts and replicated copies are not written
 * twice) or back out of it (every copy receives), so no process ever holds more than its block of the array.
 */
final class Slab {
    /** The staging array: block over {@code axis}, collapsed elsewhere (rank 0: one element on every process). */
    final Multiarray array;
    /** Index, in file order, of this process's first element. */
    final long firstElement;
    /** Number of elements of this process's run (0 if it holds none). */
    final int count;
    /**
     * Whether this process writes its run: every process with elements, except for a rank-0 array, whose one
     * element every process holds (and reads, because Remap takes a replicated destination's own copy) but member 0
     * alone writes.
     */
    final boolean writes;
    /** The global shape. */
    final int[] shape;
    /** This process's extent along {@code axis} and the local storage extent of that dimension. */
    final int localRows, rowStorage;

    private Slab(Multiarray array, long firstElement, int count, boolean writes, int[] shape, int localRows, int rowStorage) {
        this.array = array;
        this.firstElement = firstElement;
        this.count = count;
        this.writes = writes;
        this.shape = shape;
        this.localRows = localRows;
        this.rowStorage = rowStorage;
    }

    /**
     * A slab like {@code like} (shape, element type) along dimension 0 ({@code fortran == false}, C order) or along
     * the last dimension ({@code fortran == true}, Fortran order). Collective only in that every APG member must call
     * it; no messages.
     */
    static Slab of(Multiarray like, boolean fortran) {
        int[] shape = like.shape();
        Procs1 p = new Procs1();
        int rank = shape.length;
        if (rank == 0) {
            Multiarray a = newArray(like.elementType(), p, new Range[0]);
            boolean first = p.indexOf(ProcessContext.current().id()) == 0;
            return new Slab(a, 0, 1, first, shape, 1, 1);
        }
        int axis = fortran ? rank - 1 : 0;
        Range[] ranges = new Range[rank];
        long other = 1;
        for (int r = 0; r < rank; r++) {
            if (r == axis) {
                ranges[r] = new BlockRange(shape[r], p.dim(0));
            } else {
                ranges[r] = new CollapsedRange(shape[r]);
                other *= shape[r];
            }
        }
        Multiarray a = newArray(like.elementType(), p, ranges);
        BlockRange rows = (BlockRange) ranges[axis];
        int c = rows.crd();
        int n = rows.localCount(c);
        long first = (long) c * rows.blockSize() * other;
        return new Slab(a, n == 0 ? 0 : first, (int) (n * other), n > 0 && other > 0, shape, n, rows.storageExtent());
    }

    /** A new array of the named primitive element type over {@code g}. */
    static Multiarray newArray(String elementType, Group g, Range[] ranges) {
        return switch (elementType) {
            case "double" -> new DoubleMultiarray(g, ranges);
            case "float" -> new FloatMultiarray(g, ranges);
            case "long" -> new LongMultiarray(g, ranges);
            case "int" -> new IntMultiarray(g, ranges);
            case "short" -> new ShortMultiarray(g, ranges);
            case "char" -> new CharMultiarray(g, ranges);
            case "byte" -> new ByteMultiarray(g, ranges);
            case "boolean" -> new BooleanMultiarray(g, ranges);
            default -> throw new ArrayIOException(unsupported(elementType));
        };
    }

    /** The message for an array whose elements have no file format. */
    static String unsupported(String elementType) {
        return "cannot store " + elementType + " elements in a file: only arrays of primitive element types"
                + " (boolean, byte, char, short, int, long, float, double) can be written and read";
    }
}

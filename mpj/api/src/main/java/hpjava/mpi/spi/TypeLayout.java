package hpjava.mpi.spi;

import java.util.Arrays;

/**
 * A committed datatype as the API hands it to implementations: its basic type, its type map (where its basic
 * elements lie within one item) and the recipe it was made by. Immutable; built and checked by the {@code mpi}
 * package ({@code mpi.Datatype}), never by implementations.
 *
 * <p>The type map is a list of blocks: block {@code b} holds {@code blockLengths[b]} consecutive basic elements
 * starting at unit {@code blockStarts[b]} (relative to the item's start, may be negative), each of type
 * {@code blockTypes[b]} ({@link #basic()} for every block unless the datatype is a struct of several basic types).
 * Item {@code i} of a buffer starts at unit {@code offset + i * extent()}. Units are elements of {@link #basic()}
 * (bytes for a struct of several basic types): see the package documentation.
 */
public final class TypeLayout {

    private final String name;
    private final BasicType basic;
    private final int[] blockStarts;
    private final int[] blockLengths;
    private final BasicType[] blockTypes;
    private final long lb;
    private final long extent;
    private final long trueLb;
    private final long trueExtent;
    private final long elementCount;
    private final long packedBytes;
    private final Combiner combiner;
    private final int[] recipeIntegers;
    private final TypeLayout[] recipeTypes;

    /**
     * For the {@code mpi} package.
     *
     * @param name the predefined name ({@code "MPI_INT"}) or {@code null} for a derived type
     * @param blockTypes per block, or {@code null} when every block is of {@code basic}
     * @param lb lower bound in units (the minimum start, or as set by a resize)
     * @param extent {@code ub - lb} in units: the distance between consecutive items
     * @param recipeIntegers the integer arguments of the constructor, in the order of {@code MPI_Type_get_contents}
     *        (counts, block lengths, displacements; for {@link Combiner#RESIZED}: lb, extent)
     * @param recipeTypes the datatypes it was made from (one for all but {@link Combiner#STRUCT})
     */
    public TypeLayout(String name, BasicType basic, int[] blockStarts, int[] blockLengths, BasicType[] blockTypes,
            long lb, long extent, Combiner combiner, int[] recipeIntegers, TypeLayout[] recipeTypes) {
        this.name = name;
        this.basic = basic;
        this.blockStarts = blockStarts.clone();
        this.blockLengths = blockLengths.clone();
        this.blockTypes = blockTypes == null ? null : blockTypes.clone();
        this.lb = lb;
        this.extent = extent;
        this.combiner = combiner;
        this.recipeIntegers = recipeIntegers.clone();
        this.recipeTypes = recipeTypes.clone();
        long min = Long.MAX_VALUE, max = Long.MIN_VALUE, elements = 0, bytes = 0;
        for (int b = 0; b < blockStarts.length; b++) {
            if (blockLengths[b] == 0) continue;
            BasicType t = blockType(b);
            long unitsPerElement = blockTypes == null ? 1 : t.byteSize();
            min = Math.min(min, blockStarts[b]);
            max = Math.max(max, blockStarts[b] + blockLengths[b] * unitsPerElement);
            elements += blockLengths[b];
            bytes += (long) blockLengths[b] * t.byteSize();
        }
        this.trueLb = elements == 0 ? 0 : min;
        this.trueExtent = elements == 0 ? 0 : max - min;
        this.elementCount = elements;
        this.packedBytes = bytes;
    }

    /** The predefined name ({@code "MPI_DOUBLE"}), or {@code null} for a derived datatype. */
    public String name() {
        return name;
    }

    /** The basic type of every element ({@link BasicType#BYTE} for a struct of several basic types). */
    public BasicType basic() {
        return basic;
    }

    /** Whether the type map mixes basic types (a struct): then units are bytes and {@link #blockType} varies. */
    public boolean isMixed() {
        return blockTypes != null;
    }

    /** Number of blocks of the type map. */
    public int blockCount() {
        return blockStarts.length;
    }

    /** Start of block {@code b} in units, relative to the item's start. */
    public int blockStart(int b) {
        return blockStarts[b];
    }

    /** Number of basic elements in block {@code b}. */
    public int blockLength(int b) {
        return blockLengths[b];
    }

    /** Basic type of the elements of block {@code b}. */
    public BasicType blockType(int b) {
        return blockTypes == null ? basic : blockTypes[b];
    }

    /** Lower bound in units. */
    public long lb() {
        return lb;
    }

    /** Extent in units (the stride between consecutive items). */
    public long extent() {
        return extent;
    }

    /** Lowest unit any element occupies, relative to the item's start (0 for an empty type). */
    public long trueLb() {
        return trueLb;
    }

    /** Units spanned from {@link #trueLb()} to the end of the last element (0 for an empty type). */
    public long trueExtent() {
        return trueExtent;
    }

    /** Number of basic elements in one item. */
    public long elementCount() {
        return elementCount;
    }

    /** Bytes of one item in a packed message: the sum of its elements' {@link BasicType#byteSize()}. */
    public long packedBytes() {
        return packedBytes;
    }

    /** Whether one item is exactly one run of basic elements from unit 0 and items follow without gaps. */
    public boolean isContiguous() {
        return blockTypes == null && trueLb == 0 && extent == elementCount && trueExtent == elementCount;
    }

    /** How the type was made. */
    public Combiner combiner() {
        return combiner;
    }

    /** The constructor's integer arguments (a copy). */
    public int[] recipeIntegers() {
        return recipeIntegers.clone();
    }

    /** The datatypes the type was made from (a copy; empty for {@link Combiner#NAMED}). */
    public TypeLayout[] recipeTypes() {
        return recipeTypes.clone();
    }

    @Override
    public String toString() {
        if (name != null) return name;
        return combiner + "(" + Arrays.toString(recipeIntegers) + " of " + Arrays.toString(recipeTypes) + ")";
    }
}

package mpi;

import hpjava.mpi.spi.BasicType;
import hpjava.mpi.spi.Combiner;
import hpjava.mpi.spi.TypeLayout;

/**
 * A datatype: predefined ({@code MPI.INT}, ...) or derived by the {@code create*} constructors. As in Open MPI's
 * binding, bounds, extents, sizes, strides and displacements are in elements of the base type (the basic type the map
 * is made of; bytes for a struct), and a derived type must be {@link #commit() committed} before use. The mpiJava 1.2
 * forms ({@code Datatype.Vector(...)}, {@code Extent()}, {@code Commit()}) are here too.
 */
public final class Datatype implements Freeable, Cloneable {

    private TypeLayout layout;
    private final boolean predefined;
    private volatile boolean committed;
    private volatile boolean freed;
    private volatile String name;
    private final Attributes attributes = new Attributes();

    Datatype(TypeLayout layout, boolean predefined) {
        this.layout = layout;
        this.predefined = predefined;
        this.committed = predefined;
        this.name = layout == null ? "MPI_DATATYPE_NULL" : layout.name() == null ? "" : layout.name();
    }

    static Datatype predefined(String name, BasicType basic, int count) {
        return new Datatype(TypeMaps.named(name, basic, count), true);
    }

    static Datatype pair(String name, BasicType first, BasicType second, int secondAt, int extent) {
        return new Datatype(TypeMaps.namedPair(name, first, second, secondAt, extent), true);
    }

    /** The layout for a call, after checking the type is usable. */
    TypeLayout layoutForUse(String what) throws MPIException {
        if (layout == null) throw new MPIException(ErrorClass.TYPE, what + ": MPI.DATATYPE_NULL is not a datatype to communicate with");
        if (freed) throw new MPIException(ErrorClass.TYPE, what + ": the datatype has been freed");
        if (!committed) throw new MPIException(ErrorClass.TYPE, what + ": the datatype " + this + " is not committed (call commit())");
        return layout;
    }

    /** The layout, for constructors (an uncommitted type may be built upon; a freed one not). */
    TypeLayout layoutForConstruction(String what) throws MPIException {
        if (layout == null) throw new MPIException(ErrorClass.TYPE, what + ": MPI.DATATYPE_NULL has no layout");
        if (freed) throw new MPIException(ErrorClass.TYPE, what + ": the old datatype has been freed");
        return layout;
    }

    BasicType basic() {
        return layout.basic();
    }

    private int unit() {
        return layout.isMixed() ? 1 : layout.basic().byteSize();
    }

    /** Lower bound, in base-type elements. */
    public int getLb() throws MPIException {
        layoutForConstruction("getLb");
        return (int) layout.lb();
    }

    /** Extent (distance between consecutive items), in base-type elements. */
    public int getExtent() throws MPIException {
        layoutForConstruction("getExtent");
        return (int) layout.extent();
    }

    /** True lower bound (where the first element lies), in base-type elements. */
    public int getTrueLb() throws MPIException {
        layoutForConstruction("getTrueLb");
        return (int) layout.trueLb();
    }

    /** True extent (span of the elements), in base-type elements. */
    public int getTrueExtent() throws MPIException {
        layoutForConstruction("getTrueExtent");
        return (int) layout.trueExtent();
    }

    /** Size of the data of one item, in base-type elements (bytes for a struct). */
    public int getSize() throws MPIException {
        layoutForConstruction("getSize");
        return (int) (layout.packedBytes() / (layout.isMixed() ? 1 : layout.basic().byteSize()));
    }

    /** Makes the type usable in communication. Idempotent. */
    public void commit() throws MPIException {
        layoutForConstruction("commit");
        committed = true;
    }

    /** Frees a derived type; predefined ones cannot be freed ({@code ERR_TYPE}). */
    @Override
    public void free() throws MPIException {
        if (predefined) throw new MPIException(ErrorClass.TYPE, "free: " + name + " is predefined and cannot be freed");
        if (freed) throw new MPIException(ErrorClass.TYPE, "free: the datatype has already been freed");
        freed = true;
    }

    /** Whether this is {@code MPI.DATATYPE_NULL} or freed. */
    public boolean isNull() {
        return freed || layout == null;
    }

    /** A committed copy of this type ({@code MPI_Type_dup}). */
    public Datatype dup() throws MPIException {
        Datatype d = new Datatype(TypeMaps.dup(layoutForConstruction("dup")), false);
        d.committed = committed;
        return d;
    }

    @Override
    public Datatype clone() {
        try {
            return dup();
        } catch (MPIException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** {@code count} consecutive items of {@code oldType}. */
    public static Datatype createContiguous(int count, Datatype oldType) throws MPIException {
        ArgumentChecks.nonNegative("createContiguous", "count", count);
        return vectorOf("createContiguous", count == 0 ? 0 : 1, count, 0, oldType, false, Combiner.CONTIGUOUS, new int[] {count});
    }

    /** {@code count} blocks of {@code blockLength} items of {@code oldType}, starts {@code stride} items apart. */
    public static Datatype createVector(int count, int blockLength, int stride, Datatype oldType) throws MPIException {
        return vectorOf("createVector", count, blockLength, stride, oldType, false, Combiner.VECTOR,
                new int[] {count, blockLength, stride});
    }

    /** As {@link #createVector} with the stride in base-type elements instead of items. */
    public static Datatype createHVector(int count, int blockLength, int stride, Datatype oldType) throws MPIException {
        return vectorOf("createHVector", count, blockLength, stride, oldType, true, Combiner.HVECTOR,
                new int[] {count, blockLength, stride});
    }

    private static Datatype vectorOf(String what, int count, int blockLength, int stride, Datatype oldType,
            boolean strideInElements, Combiner combiner, int[] recipe) throws MPIException {
        ArgumentChecks.nonNegative(what, "count", count);
        ArgumentChecks.nonNegative(what, "blockLength", blockLength);
        TypeLayout old = ArgumentChecks.type(what, oldType).layoutForConstruction(what);
        long[] starts = new long[count];
        int[] lengths = new int[count];
        for (int i = 0; i < count; i++) {
            starts[i] = strideInElements ? (long) i * stride : (long) i * stride * old.extent();
            lengths[i] = blockLength;
        }
        return build(what, () -> TypeMaps.blocks(old, starts, lengths, combiner, recipe));
    }

    /** Blocks of {@code blockLengths[k]} items at {@code displacements[k]} items. */
    public static Datatype createIndexed(int[] blockLengths, int[] displacements, Datatype oldType) throws MPIException {
        return indexedOf("createIndexed", blockLengths, displacements, oldType, false, Combiner.INDEXED);
    }

    /** As {@link #createIndexed} with displacements in base-type elements. */
    public static Datatype createHIndexed(int[] blockLengths, int[] displacements, Datatype oldType) throws MPIException {
        return indexedOf("createHIndexed", blockLengths, displacements, oldType, true, Combiner.HINDEXED);
    }

    /** Blocks of {@code blockLength} items each at {@code displacements[k]} items. */
    public static Datatype createIndexedBlock(int blockLength, int[] displacements, Datatype oldType) throws MPIException {
        ArgumentChecks.nonNegative("createIndexedBlock", "blockLength", blockLength);
        ArgumentChecks.notNull("createIndexedBlock", "displacements", displacements);
        int[] lengths = new int[displacements.length];
        java.util.Arrays.fill(lengths, blockLength);
        return indexedOf("createIndexedBlock", lengths, displacements, oldType, false, Combiner.INDEXED_BLOCK);
    }

    private static Datatype indexedOf(String what, int[] blockLengths, int[] displacements, Datatype oldType,
            boolean inElements, Combiner combiner) throws MPIException {
        ArgumentChecks.sameLength(what, "blockLengths", blockLengths, "displacements", displacements);
        for (int l : blockLengths) ArgumentChecks.nonNegative(what, "blockLengths[k]", l);
        TypeLayout old = ArgumentChecks.type(what, oldType).layoutForConstruction(what);
        long[] starts = new long[displacements.length];
        for (int k = 0; k < starts.length; k++) starts[k] = inElements ? displacements[k] : (long) displacements[k] * old.extent();
        int[] recipe = concat(new int[] {blockLengths.length}, blockLengths, displacements);
        int[] lengths = blockLengths.clone();
        return build(what, () -> TypeMaps.blocks(old, starts, lengths, combiner, recipe));
    }

    /**
     * A struct: block {@code k} holds {@code blockLengths[k]} items of {@code types[k]} at byte displacement
     * {@code displacements[k]}. Its base type is bytes: use it with {@code byte[]} or a direct {@code ByteBuffer}
     * (native byte order).
     */
    public static Datatype createStruct(int[] blockLengths, int[] displacements, Datatype[] types) throws MPIException {
        ArgumentChecks.sameLength("createStruct", "blockLengths", blockLengths, "displacements", displacements);
        ArgumentChecks.notNull("createStruct", "types", types);
        if (types.length != blockLengths.length)
            throw new MPIException(ErrorClass.ARG, "createStruct: types has " + types.length + " entries, blockLengths " + blockLengths.length);
        TypeLayout[] layouts = new TypeLayout[types.length];
        for (int k = 0; k < types.length; k++) {
            ArgumentChecks.nonNegative("createStruct", "blockLengths[" + k + "]", blockLengths[k]);
            layouts[k] = ArgumentChecks.type("createStruct", types[k]).layoutForConstruction("createStruct");
            if (layouts[k].basic() == BasicType.OBJECT)
                throw new MPIException(ErrorClass.TYPE, "createStruct: MPI.OBJECT cannot be part of a struct");
        }
        int[] recipe = concat(new int[] {blockLengths.length}, blockLengths, displacements);
        return build("createStruct", () -> TypeMaps.struct(blockLengths.clone(), displacements.clone(), layouts, recipe));
    }

    /** {@code oldType} with lower bound {@code lb} and extent {@code extent} (base-type elements). */
    public static Datatype createResized(Datatype oldType, int lb, int extent) throws MPIException {
        TypeLayout old = ArgumentChecks.type("createResized", oldType).layoutForConstruction("createResized");
        return build("createResized", () -> TypeMaps.resized(old, lb, extent));
    }

    private interface LayoutMaker {
        TypeLayout make();
    }

    private static Datatype build(String what, LayoutMaker maker) throws MPIException {
        try {
            return new Datatype(maker.make(), false);
        } catch (ArithmeticException e) {
            throw new MPIException(ErrorClass.ARG, what + ": " + e.getMessage());
        }
    }

    private static int[] concat(int[]... parts) {
        int n = 0;
        for (int[] p : parts) n += p.length;
        int[] r = new int[n];
        int at = 0;
        for (int[] p : parts) {
            System.arraycopy(p, 0, r, at, p.length);
            at += p.length;
        }
        return r;
    }

    /** Sets the name ({@code MPI_Type_set_name}). */
    public void setName(String name) throws MPIException {
        ArgumentChecks.notNull("setName", "name", name);
        this.name = name;
    }

    /** The name: the predefined name, or what {@link #setName} set, else empty. */
    public String getName() throws MPIException {
        return name;
    }

    /** A new attribute key for datatypes. */
    public static int createKeyval() throws MPIException {
        return Attributes.createKeyval();
    }

    /** Frees an attribute key. */
    public static void freeKeyval(int keyval) throws MPIException {
        Attributes.freeKeyval(keyval);
    }

    /** Attaches {@code value} under {@code keyval}. */
    public void setAttr(int keyval, Object value) throws MPIException {
        attributes.set(keyval, value);
    }

    /** The value under {@code keyval}, or {@code null}. */
    public Object getAttr(int keyval) throws MPIException {
        return attributes.get(keyval);
    }

    /** Removes the value under {@code keyval}. */
    public void deleteAttr(int keyval) throws MPIException {
        attributes.delete(keyval);
    }

    // ---- mpiJava 1.2 forms ----

    /** mpiJava: {@link #createContiguous}. */
    public static Datatype Contiguous(int count, Datatype oldtype) throws MPIException {
        return createContiguous(count, oldtype);
    }

    /** mpiJava: {@link #createVector}. */
    public static Datatype Vector(int count, int blocklength, int stride, Datatype oldtype) throws MPIException {
        return createVector(count, blocklength, stride, oldtype);
    }

    /** mpiJava: {@link #createHVector}. */
    public static Datatype Hvector(int count, int blocklength, int stride, Datatype oldtype) throws MPIException {
        return createHVector(count, blocklength, stride, oldtype);
    }

    /** mpiJava: {@link #createIndexed}. */
    public static Datatype Indexed(int[] blocklengths, int[] displacements, Datatype oldtype) throws MPIException {
        return createIndexed(blocklengths, displacements, oldtype);
    }

    /** mpiJava: {@link #createHIndexed}. */
    public static Datatype Hindexed(int[] blocklengths, int[] displacements, Datatype oldtype) throws MPIException {
        return createHIndexed(blocklengths, displacements, oldtype);
    }

    /** mpiJava: {@link #createStruct}. */
    public static Datatype Struct(int[] blocklengths, int[] displacements, Datatype[] types) throws MPIException {
        return createStruct(blocklengths, displacements, types);
    }

    /** mpiJava: {@link #commit}. */
    public void Commit() throws MPIException {
        commit();
    }

    /** mpiJava: {@link #free}. */
    public void Free() throws MPIException {
        free();
    }

    /** mpiJava: {@link #getExtent}. */
    public int Extent() throws MPIException {
        return getExtent();
    }

    /** mpiJava: {@link #getSize}. */
    public int Size() throws MPIException {
        return getSize();
    }

    /** mpiJava: {@link #getLb}. */
    public int Lb() throws MPIException {
        return getLb();
    }

    /** mpiJava: the upper bound, {@code getLb() + getExtent()}. */
    public int Ub() throws MPIException {
        return getLb() + getExtent();
    }

    @Override
    public String toString() {
        return name.isEmpty() ? (layout == null ? "MPI_DATATYPE_NULL" : layout.toString()) : name;
    }

    int unitBytes() {
        return unit();
    }
}

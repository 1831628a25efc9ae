package hpjava.lang;

/**
 * The locations of a triplet {@code l:u:s} of a {@link Range} held by one process coordinate, in triplet order, as
 * {@link #segments()} affine segments. After {@link #select(int) select(j)} (segment 0 is selected on creation), the
 * k-th location of the segment, {@code 0 <= k < count()}, has global index {@code glbBase() + k*glbStep()} and local
 * subscript {@code subBase() + k*subStep()}. When {@code count() == 0} the bases are 0.
 *
 * <p>All ranges but {@link BlockCyclicRange} (and its subranges) give one segment, possibly empty. The translator
 * lowers {@code overall (i = x for l : u : s)} to
 * <pre>{@code
 * final Block $b = x.localBlock($c, l, u, s);
 * for (int $seg = 0, $ns = $b.segments(); $seg < $ns; $seg++) {
 *     $b.select($seg);
 *     final int $n = $b.count(), $gb = $b.glbBase(), $gs = $b.glbStep(), $sb = $b.subBase(), $ss = $b.subStep();
 *     for (int $k = 0; $k < $n; $k++) { ... a.dat()[$bas + $str0 * ($sb + $k * $ss)] ... i` = $gb + $k * $gs ... }
 * }
 * }</pre>
 * A block is mutable (select) and belongs to the thread that asked for it.
 */
public final class Block {
    int count, glbBase, glbStep, subBase, subStep;
    int segments;
    // segment source (block-cyclic only): range, coordinate and triplet
    Range source;
    int coord, l, s, n, segLo, segHi;
    // global-index transform of a subrange view: reported glb = (raw - origin) / scale
    int origin, scale = 1;

    /**
     * An empty block (no segments) to be filled by {@link Range#localBlock(ProcessContext, int, int, int, Block)}, so
     * that an inner {@code overall} entered once per outer iteration reuses one block instead of allocating.
     */
    public Block() {
        segments = 0;
    }

    /** Number of segments (1 for every range kind but block-cyclic; 0 possible for block-cyclic). */
    public int segments() { return segments; }

    /** Number of locations in the selected segment. */
    public int count() { return count; }

    /** Global index of the first location of the selected segment. */
    public int glbBase() { return glbBase; }

    /** Global-index step between consecutive locations of the segment. */
    public int glbStep() { return glbStep; }

    /** Local subscript of the first location of the selected segment. */
    public int subBase() { return subBase; }

    /** Local-subscript step between consecutive locations of the segment. */
    public int subStep() { return subStep; }

    /** Global index of the k-th location of the selected segment. */
    public int glb(int k) { return glbBase + k * glbStep; }

    /** Local subscript of the k-th location of the selected segment. */
    public int sub(int k) { return subBase + k * subStep; }

    /** Total number of locations over all segments. */
    public int totalCount() {
        if (segments == 1) return count;
        int total = 0;
        for (int j = 0; j < segments; j++) { select(j); total += count; }
        if (segments > 0) select(0);
        return total;
    }

    /**
     * Selects segment {@code j}, {@code 0 <= j < segments()}.
     *
     * @throws IndexOutOfBoundsException if j is not a segment
     */
    public void select(int j) {
        if (j < 0 || j >= segments) throw new IndexOutOfBoundsException("segment " + j + " of " + segments);
        if (source == null) return;
        source.segment(this, j);
        transform();
    }

    /** Sets one raw segment (in the source range's own indices). */
    void set(int count, int glbBase, int glbStep, int subBase, int subStep) {
        this.count = count;
        if (count == 0) { glbBase = 0; subBase = 0; }
        this.glbBase = glbBase;
        this.glbStep = glbStep;
        this.subBase = subBase;
        this.subStep = subStep;
    }

    /** Resets to a single segment from no source, with identity transform. */
    void reset() { segments = 1; source = null; origin = 0; scale = 1; }

    /** Applies the subrange transform to the current raw segment. */
    void transform() {
        if (scale == 1 && origin == 0) return;
        if (count == 0) { glbBase = 0; glbStep /= scale; return; }
        glbBase = (glbBase - origin) / scale;
        glbStep /= scale;
    }

    @Override
    public String toString() {
        return "Block[segments=" + segments + ", count=" + count + ", glb=" + glbBase + "+k*" + glbStep
                + ", sub=" + subBase + "+k*" + subStep + "]";
    }
}

package hpjava.compiler.lower;

import java.util.Set;

/**
 * The only place the lowering spells the runtime API (hpjava.lang) that generated code calls: each method returns
 * the Java text of one call, given the Java text of its operands. {@code RuntimeApiTest} compiles every one of them
 * against the runtime, so renaming a runtime method breaks the build instead of a user's program.
 */
final class RuntimeApi {
    private RuntimeApi() {
    }

    /** The runtime's helper class for generated code (fully qualified: a user class may be called the same). */
    static final String SUPPORT = "hpjava.lang.LoweringSupport";

    static final String PROCESS_CONTEXT = "ProcessContext", RANGE = "Range", GROUP = "Group", BLOCK = "Block";

    /** The per-construct cache of a nested overall's blocks, keyed by range and bounds. */
    static final String BLOCK_CACHE = "hpjava.lang.BlockCache";

    /** hpjava.lang classes whose objects' methods (toString in a string conversion) are the runtime's own code. */
    static final Set<String> RANGE_AND_GROUP_TYPES = Set.of("Range", "BlockRange", "ExtBlockRange", "CyclicRange",
            "BlockCyclicRange", "IrregRange", "CollapsedRange", "Dimension", "Group", "Procs", "Procs0", "Procs1", "Procs2", "Procs3");

    /** The multiarray class of reference element type {@code element} (primitive ones: {@code MultiarrayType.javaClass()}). */
    static String objectMultiarray(String element) { return "ObjectMultiarray<" + element + ">"; }

    // ---- LoweringSupport

    static String bind() { return SUPPORT + ".bind()"; }

    /** Whether generated code may take its vector loops (the module jdk.incubator.vector is present). */
    static String vectorAvailable() { return SUPPORT + ".VECTOR"; }

    /** Opens {@code LoweringSupport.<E1, E2>run(}: the lambda of an outlined nest follows, then {@code )}. */
    static String runOpen(String thrown1, String thrown2) { return SUPPORT + ".<" + thrown1 + ", " + thrown2 + ">run("; }

    /** A creation's extent: a Range, or an int (a collapsed range of that size). */
    static String range(String extent) { return rangeOpen() + extent + ")"; }

    /** {@link #range} up to its argument. */
    static String rangeOpen() { return SUPPORT + ".range("; }

    static String held(String group, String ctx, String used, String where, String array) {
        return SUPPORT + ".held(" + group + ", " + ctx + ", " + used + ", " + where + ", " + array + ")";
    }

    static String aligned(String range, String arrayRange, String where, String index, String array, int dim) {
        return SUPPORT + ".aligned(" + range + ", " + arrayRange + ", " + where + ", " + index + ", " + array + ", " + dim + ")";
    }

    static String shift(String arrayRange, int shift, String where) {
        return SUPPORT + ".shift(" + arrayRange + ", " + shift + ", " + where + ")";
    }

    // ---- ProcessContext and Group

    static String currentContext() { return "ProcessContext.current()"; }

    static String enterIndex(String ctx, String range) { return ctx + ".enterIndex(" + range + ")"; }

    static String pushApg(String ctx, String group) { return ctx + ".pushApg(" + group + ")"; }

    static String restoreApg(String ctx, String mark) { return ctx + ".restoreApg(" + mark + ")"; }

    static String isMember(String group, String ctx) { return group + ".isMember(" + ctx + ")"; }

    /** {@link #restrict} up to its global-index argument (the location's subscript follows, then {@code )}). */
    static String restrictOpen(String range) { return ".restrict(" + range + ", "; }

    /** {@code group.restrict(range, globalIndex)}; {@code group} may be empty: its text was emitted from the source already. */
    static String restrict(String group, String range, String globalIndex) { return group + ".restrict(" + range + ", " + globalIndex + ")"; }

    // ---- Range and Block

    static String size(String range) { return range + ".size()"; }

    static String localBlock(String range, String ctx, String bounds) { return range + ".localBlock(" + ctx + ", " + bounds + ")"; }

    /** Refills {@code block} with the block of {@code range} at this process's coordinate. */
    static String block(String range, String ctx, String bounds, String block) {
        return range + ".block(" + range + ".crd(" + ctx + "), " + bounds + ", " + block + ")";
    }

    /** A new {@code hpjava.lang.BlockCache} (fully qualified: a user class may be called the same). */
    static String newBlockCache() { return "new " + BLOCK_CACHE + "()"; }

    /** The calling process's block of {@code range} for {@code bounds} from {@code cache} (computed on a miss). */
    static String cachedBlock(String cache, String range, String ctx, String bounds) {
        return cache + ".block(" + range + ", " + ctx + ", " + bounds + ")";
    }

    static String holds(String range, String ctx, String location) { return range + ".holds(" + ctx + ", " + location + ")"; }

    static String localSubscript(String range, String location) { return range + ".localSubscript(" + location + ")"; }

    static String totalCount(String block) { return block + ".totalCount()"; }

    static String segments(String block) { return block + ".segments()"; }

    static String select(String block, String segment) { return block + ".select(" + segment + ")"; }

    static String count(String block) { return block + ".count()"; }

    static String glbBase(String block) { return block + ".glbBase()"; }

    static String glbStep(String block) { return block + ".glbStep()"; }

    static String subBase(String block) { return block + ".subBase()"; }

    static String subStep(String block) { return block + ".subStep()"; }

    // ---- Multiarray

    static String dat(String array) { return array + ".dat()"; }

    static String bas(String array) { return array + ".bas()"; }

    static String str(String array, int dim) { return array + ".str(" + dim + ")"; }

    static String grp(String array) { return array + ".grp()"; }

    static String rng(String array, int dim) { return array + ".rng(" + dim + ")"; }

    /** Opens {@code array.section(}; the triplets follow. */
    static String sectionOpen() { return ".section("; }

    static String tripletScalar() { return "Triplet.scalar("; }

    static String tripletAll() { return "Triplet.all()"; }

    /** {@code <>} in a section: dimension splitting. */
    static String tripletSplit() { return "Triplet.split()"; }

    static String tripletOpen() { return "Triplet.of("; }

    /** Opens {@code range.subrange(}; the triplet follows. */
    static String subrangeOpen() { return ".subrange("; }

    // ---- Communication overlap (Overlap): hpjava.lang.OverlapParts and Adlib's split-phase writeHalo

    static final String OVERLAP_PARTS = "hpjava.lang.OverlapParts";

    static String partCount(int dims) { return OVERLAP_PARTS + ".count(" + dims + ")"; }

    static String interiorLow(String range, String loop, String ctx, int minShift) {
        return OVERLAP_PARTS + ".interiorLow(" + range + ", " + loop + ", " + ctx + ", " + minShift + ")";
    }

    static String interiorHigh(String range, String loop, String ctx, int minShift, int maxShift) {
        return OVERLAP_PARTS + ".interiorHigh(" + range + ", " + loop + ", " + ctx + ", " + minShift + ", " + maxShift + ")";
    }

    /** Opens {@code OverlapParts.lower(part, q, }; the triplet's lower bound, step, interior bounds and ")" follow. */
    static String partLowerOpen(String part, int q) { return OVERLAP_PARTS + ".lower(" + part + ", " + q + ", "; }

    /** Opens {@code OverlapParts.upper(part, q, }; the triplet's upper bound, interior bounds and ")" follow. */
    static String partUpperOpen(String part, int q) { return OVERLAP_PARTS + ".upper(" + part + ", " + q + ", "; }

    static String writeHaloStart(String array) { return "hpjava.adlib.Adlib.writeHaloStart(" + array + ")"; }

    static String writeHaloComplete(String array) { return "hpjava.adlib.Adlib.writeHaloComplete(" + array + ")"; }
}

package hpjava.lang;

/**
 * The local blocks of one nested {@code overall} whose set-up runs once per iteration of the loop around it, kept
 * so that a bounds triple seen before costs a few compares instead of a block computation. Red-black's
 * {@code overall (j = y for 1 + (i` + c) % 2 : N - 2 : 2)} has two triples, one per parity of the row, and a
 * {@code % k} start k of them: four slots, chosen by the lower bound's two low bits, so any up to four consecutive
 * lower bounds (with the same range, upper bound and step) never evict each other. A triple that changes every row
 * (a triangular nest) refills its slot, which costs what computing the block costs anyway.
 *
 * <p>A block depends only on the range, the process coordinate and the triplet (ranges are immutable), so a cached
 * block is the block {@link Range#localBlock(ProcessContext, int, int, int)} would give. The generated code makes
 * one cache per execution of the outermost construct, for one {@link ProcessContext}, and, like the block it
 * replaces, uses the returned block only until its next call (a block-cyclic block's selected segment is mutable).
 * Not thread-safe: a rank's thread only. Nothing is allocated after a slot's first fill.
 */
public final class BlockCache {
    private static final int SLOTS = 4;

    private final Range[] ranges = new Range[SLOTS];
    private final int[] triples = new int[3 * SLOTS];
    private final Block[] blocks = new Block[SLOTS];

    /** The calling process's block of {@code x} for {@code l:u:s}, as {@code x.localBlock(ctx, l, u, s)}. */
    public Block block(Range x, ProcessContext ctx, int l, int u, int s) {
        int k = l & (SLOTS - 1), t = 3 * k;
        if (ranges[k] == x && x != null && triples[t] == l && triples[t + 1] == u && triples[t + 2] == s) return blocks[k];
        return fill(k, x, ctx, l, u, s);
    }

    private Block fill(int k, Range x, ProcessContext ctx, int l, int u, int s) {
        ranges[k] = null; // stays empty when the triplet is rejected
        Block b = blocks[k] == null ? new Block() : blocks[k];
        x.block(x.crd(ctx), l, u, s, b);
        blocks[k] = b;
        triples[3 * k] = l;
        triples[3 * k + 1] = u;
        triples[3 * k + 2] = s;
        ranges[k] = x;
        return b;
    }
}

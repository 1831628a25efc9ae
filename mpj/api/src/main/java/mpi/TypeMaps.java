package mpi;

import hpjava.mpi.spi.BasicType;
import hpjava.mpi.spi.Combiner;
import hpjava.mpi.spi.TypeLayout;
import java.util.ArrayList;
import java.util.List;

/** Builds the {@link TypeLayout}s of derived datatypes: the type map of each constructor, blocks merged when adjacent. */
final class TypeMaps {

    private TypeMaps() {
    }

    /** A predefined datatype of {@code count} consecutive elements of {@code basic} (1, or 2 for the pair types). */
    static TypeLayout named(String name, BasicType basic, int count) {
        return new TypeLayout(name, basic, new int[] {0}, new int[] {count}, null, 0, count, Combiner.NAMED,
                new int[0], new TypeLayout[0]);
    }

    /** A predefined pair of two basic types at byte offsets 0 and {@code secondAt}, extent {@code extent} bytes. */
    static TypeLayout namedPair(String name, BasicType first, BasicType second, int secondAt, int extent) {
        return new TypeLayout(name, BasicType.BYTE, new int[] {0, secondAt}, new int[] {1, 1},
                new BasicType[] {first, second}, 0, extent, Combiner.NAMED, new int[0], new TypeLayout[0]);
    }

    /**
     * The type whose item {@code k} of {@code starts.length} blocks holds {@code lengths[k]} items of {@code old}
     * starting {@code starts[k]} units from the item's start; lower bound and extent from the map (as MPI's
     * constructors do without explicit bounds).
     */
    static TypeLayout blocks(TypeLayout old, long[] starts, int[] lengths, Combiner combiner, int[] recipe) {
        Builder b = new Builder(old.isMixed() ? null : old.basic());
        long lb = Long.MAX_VALUE, ub = Long.MIN_VALUE;
        for (int k = 0; k < starts.length; k++) {
            if (lengths[k] == 0) continue;
            for (int i = 0; i < lengths[k]; i++) b.addItem(old, starts[k] + i * old.extent());
            lb = Math.min(lb, starts[k] + old.lb());
            ub = Math.max(ub, starts[k] + (long) lengths[k] * old.extent() + old.lb());
        }
        if (lb == Long.MAX_VALUE) lb = ub = 0;
        return b.build(old.basic(), lb, ub - lb, combiner, recipe, new TypeLayout[] {old});
    }

    /** A struct: block {@code k} holds {@code lengths[k]} items of {@code types[k]} at byte {@code byteStarts[k]}. */
    static TypeLayout struct(int[] lengths, int[] byteStarts, TypeLayout[] types, int[] recipe) {
        Builder b = new Builder(null);
        long lb = Long.MAX_VALUE, ub = Long.MIN_VALUE;
        for (int k = 0; k < lengths.length; k++) {
            if (lengths[k] == 0) continue;
            TypeLayout t = types[k];
            long unit = t.isMixed() ? 1 : t.basic().byteSize();
            for (int i = 0; i < lengths[k]; i++) b.addItemInBytes(t, byteStarts[k] + i * t.extent() * unit, unit);
            lb = Math.min(lb, byteStarts[k] + t.lb() * unit);
            ub = Math.max(ub, byteStarts[k] + (lengths[k] * t.extent() + t.lb()) * unit);
        }
        if (lb == Long.MAX_VALUE) lb = ub = 0;
        return b.build(BasicType.BYTE, lb, ub - lb, Combiner.STRUCT, recipe, types);
    }

    /** {@code old} with lower bound {@code lb} and extent {@code extent} (units of {@code old}). */
    static TypeLayout resized(TypeLayout old, int lb, int extent) {
        Builder b = new Builder(old.isMixed() ? null : old.basic());
        b.addItem(old, 0);
        return b.build(old.basic(), lb, extent, Combiner.RESIZED, new int[] {lb, extent}, new TypeLayout[] {old});
    }

    /** A copy of {@code old} under a new identity. */
    static TypeLayout dup(TypeLayout old) {
        Builder b = new Builder(old.isMixed() ? null : old.basic());
        b.addItem(old, 0);
        return b.build(old.basic(), old.lb(), old.extent(), Combiner.DUP, new int[0], new TypeLayout[] {old});
    }

    /** Collects blocks, merging a block into the previous one when it continues it. */
    private static final class Builder {
        private final BasicType homogeneous;
        private final List<int[]> blocks = new ArrayList<>();
        private final List<BasicType> types = new ArrayList<>();

        Builder(BasicType homogeneousOrNull) {
            this.homogeneous = homogeneousOrNull;
        }

        /** Adds one item of {@code t} at {@code at} (units of {@code t}'s basic type, or bytes if mixed). */
        void addItem(TypeLayout t, long at) {
            for (int k = 0; k < t.blockCount(); k++)
                add(at + t.blockStart(k), t.blockLength(k), t.blockType(k), homogeneous == null ? t.blockType(k).byteSize() : 1);
        }

        /** Adds one item of {@code t} at byte {@code at}; {@code unit} bytes per unit of {@code t}. */
        void addItemInBytes(TypeLayout t, long at, long unit) {
            for (int k = 0; k < t.blockCount(); k++)
                add(at + t.blockStart(k) * unit, t.blockLength(k), t.blockType(k), t.blockType(k).byteSize());
        }

        private void add(long start, int length, BasicType type, int unitsPerElement) {
            if (length == 0) return;
            if (start < Integer.MIN_VALUE || start > Integer.MAX_VALUE)
                throw new ArithmeticException("datatype displacement " + start + " does not fit an int");
            int last = blocks.size() - 1;
            if (last >= 0 && types.get(last) == type) {
                int[] p = blocks.get(last);
                if ((long) p[0] + (long) p[1] * unitsPerElement == start) {
                    p[1] = Math.addExact(p[1], length);
                    return;
                }
            }
            blocks.add(new int[] {(int) start, length});
            types.add(type);
        }

        TypeLayout build(BasicType basic, long lb, long extent, Combiner combiner, int[] recipe, TypeLayout[] from) {
            int n = blocks.size();
            int[] starts = new int[n], lengths = new int[n];
            for (int k = 0; k < n; k++) {
                starts[k] = blocks.get(k)[0];
                lengths[k] = blocks.get(k)[1];
            }
            BasicType[] blockTypes = homogeneous == null ? types.toArray(new BasicType[0]) : null;
            return new TypeLayout(null, homogeneous == null ? BasicType.BYTE : basic, starts, lengths, blockTypes, lb,
                    extent, combiner, recipe, from);
        }
    }
}

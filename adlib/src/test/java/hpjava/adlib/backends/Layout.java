package hpjava.adlib.backends;

import hpjava.lang.*;

/**
 * A distribution written as a short string, one letter group per dimension: {@code B} block, {@code C} cyclic,
 * {@code K}n block-cyclic with block n, {@code X}w ext-block with ghost width w (or {@code X}lo{@code .}hi),
 * {@code I} irregular (deterministic uneven sizes, some may be 0), {@code *} collapsed. Distributed dimensions take
 * the axes of a near-cubic grid over the APG in order; {@code |g} asks for a grid of rank g (unused axes replicate
 * the array); {@code @n} builds the grid over only the first min(n, APG size) processes, so the array lives on
 * part of the APG. The string, not the process count, names a case, so the same case runs at every np.
 */
record Layout(String spec, String[] dims, int gridRank, int procs) {

    static Layout of(String spec) {
        String[] at = spec.split("@");
        int procs = at.length > 1 ? Integer.parseInt(at[1]) : Integer.MAX_VALUE;
        String[] parts = at[0].split("\\|");
        String[] dims = parts[0].isEmpty() ? new String[0] : parts[0].split(",");
        int distributed = 0;
        for (String d : dims) if (!d.equals("*")) distributed++;
        int g = parts.length > 1 ? Integer.parseInt(parts[1]) : distributed;
        if (g < distributed) throw new IllegalArgumentException(spec + ": grid rank " + g + " < " + distributed + " distributed dimensions");
        return new Layout(spec, dims, g, procs);
    }

    int rank() {
        return dims.length;
    }

    /** The grid of this layout over the current APG (collective). */
    Procs grid() {
        int np = Math.min(procs, ProcessContext.current().apg().size());
        return gridRank == 0 ? new Procs(Procs.nearCubicShape(np, 1)) : new Procs(Procs.nearCubicShape(np, gridRank));
    }

    /** Ranges of this layout over {@code p} (a grid made by {@link #grid()}) for {@code shape}. */
    Range[] ranges(Procs p, int[] shape) {
        if (shape.length != dims.length) throw new IllegalArgumentException(spec + " has rank " + dims.length + ", shape " + shape.length);
        Range[] x = new Range[dims.length];
        int axis = 0;
        for (int r = 0; r < dims.length; r++) {
            String d = dims[r];
            int n = shape[r];
            if (d.equals("*")) {
                x[r] = new CollapsedRange(n);
                continue;
            }
            Dimension dim = p.dim(axis++);
            x[r] = switch (d.charAt(0)) {
                case 'B' -> new BlockRange(n, dim);
                case 'C' -> new CyclicRange(n, dim);
                case 'K' -> new BlockCyclicRange(n, dim, Integer.parseInt(d.substring(1)));
                case 'X' -> {
                    String[] w = d.substring(1).split("\\.");
                    yield w.length == 1 ? new ExtBlockRange(n, dim, Integer.parseInt(w[0]))
                            : new ExtBlockRange(n, dim, Integer.parseInt(w[0]), Integer.parseInt(w[1]));
                }
                case 'I' -> new IrregRange(irregularSizes(n, dim.size()), dim);
                default -> throw new IllegalArgumentException("unknown range kind '" + d + "' in " + spec);
            };
        }
        return x;
    }

    /** A new array of this layout on a fresh grid. */
    Multiarray create(Elem t, int... shape) {
        Procs p = grid();
        return t.create(p, ranges(p, shape));
    }

    static int[] irregularSizes(int n, int p) {
        int[] sizes = new int[p];
        for (int i = 0; i < n; i++) sizes[(int) Math.floorMod(Elem.mix(i * 31L + p) >>> 3, (long) p)]++;
        return sizes;
    }

    @Override
    public String toString() {
        return "[" + spec + "]";
    }
}

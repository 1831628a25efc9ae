package hpjava.compiler.attribute;

/**
 * What is provable about a Range variable from its initializer {@code new K(...)} (and the variable never being
 * assigned again): its kind, its size when an int literal, and for block-like kinds its ghost widths ({@code lo},
 * {@code hi}: 0 without ghosts, null when not literals). {@code collapsed}: a CollapsedRange (not distributed).
 * {@code grid}, {@code axis}: the distribution argument {@code grid.dim(axis)} when written so (else null, -1).
 */
public record RangeFact(String kind, Integer size, Integer lo, Integer hi, boolean collapsed, Symbol.Variable grid,
                        int axis) {
    /**
     * Whether both ranges are provably distributed over the same grid dimension: each given as {@code g.dim(k)}
     * with the same literal {@code k} and the same grid variable {@code g}, never reassigned.
     */
    public boolean sameGridDimension(RangeFact o) {
        return grid != null && grid == o.grid && axis == o.axis && !grid.reassigned();
    }
}

package hpjava.compiler.attribute;

/**
 * What is provable about a Range variable from its initializer {@code new K(...)}: its kind and, for block-like
 * kinds, its ghost widths ({@code lo}, {@code hi}; 0 without ghosts). {@code collapsed}: a CollapsedRange (not
 * distributed; any shift addresses a real element).
 */
public record RangeFact(String kind, int lo, int hi, boolean collapsed) {
}

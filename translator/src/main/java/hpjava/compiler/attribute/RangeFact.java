package hpjava.compiler.attribute;

/**
 * What is provable about a Range variable from its initializer {@code new K(...)} (and the variable never being
 * assigned again): its kind, its size when an int literal, and for block-like kinds its ghost widths ({@code lo},
 * {@code hi}: 0 without ghosts, null when not literals). {@code collapsed}: a CollapsedRange (not distributed).
 */
public record RangeFact(String kind, Integer size, Integer lo, Integer hi, boolean collapsed) {
}

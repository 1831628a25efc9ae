package hpjava.compiler.attribute;

import java.util.List;

/**
 * An HPJava multiarray type {@code T [[s0, ..., sR-1]]}.
 *
 * @param element     the element type as written in Java, e.g. {@code float}, {@code Cell}, {@code int[]}
 * @param primitive   whether the element type is a primitive (then the runtime class is e.g. FloatMultiarray)
 * @param distributed per slot, whether it is distributed ({@code -}) or sequential ({@code *}); null when only the
 *                    rank is known (a creation expression, whose slot kinds depend on run-time types)
 * @param rank        number of dimensions
 */
public record MultiarrayType(String element, boolean primitive, List<Boolean> distributed, int rank) {

    public static MultiarrayType of(String element, boolean primitive, List<Boolean> distributed) {
        return new MultiarrayType(element, primitive, distributed, distributed.size());
    }

    public boolean slotsKnown() {
        return distributed != null;
    }

    public boolean isDistributed(int slot) {
        return distributed != null && distributed.get(slot);
    }

    /** The Java class of the runtime object, e.g. {@code FloatMultiarray} or {@code ObjectMultiarray<Cell>}. */
    public String javaClass() {
        if (primitive) return Character.toUpperCase(element.charAt(0)) + element.substring(1) + "Multiarray";
        return "ObjectMultiarray<" + element + ">";
    }

    /** A type of the same element with the given slots. */
    public MultiarrayType withSlots(List<Boolean> slots) {
        return of(element, primitive, slots);
    }

    /** Source form, e.g. {@code float [[-,*]]}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(element).append(" [[");
        for (int r = 0; r < rank; r++) {
            if (r > 0) sb.append(',');
            sb.append(distributed == null ? "?" : distributed.get(r) ? "-" : "*");
        }
        return sb.append("]]").toString();
    }

    /**
     * Whether a value of type {@code from} may be assigned to a variable of this type. Two reference element types
     * are left to Java (type variables and generic arguments, {@code T [[-]]} from a generic method, are ECJ's
     * to infer and check on {@code ObjectMultiarray<E>}).
     */
    public boolean acceptsValueOf(MultiarrayType from) {
        boolean elements = element.equals(from.element) || !primitive && !from.primitive;
        if (!elements || rank != from.rank) return false;
        return distributed == null || from.distributed == null || distributed.equals(from.distributed);
    }
}

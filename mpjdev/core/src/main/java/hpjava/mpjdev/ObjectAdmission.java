package hpjava.mpjdev;

import java.io.ObjectInputFilter;
import java.util.Set;

/**
 * The object filter of object sections. Admits: primitive types; classes defined by the program's class loader (the
 * rank's {@link RankContext#programClassLoader()}, else the thread's context class loader) or by an ancestor of it
 * that is not the platform or boot loader; the library's own {@code hpjava.*} classes; and these JDK value types:
 * the boxes, {@code Number}, {@code String}, {@code Enum}, {@code java.math.BigInteger/BigDecimal}, the
 * {@code java.util} collections (lists, sets, maps, deques, immutable and unmodifiable views, {@code EnumSet},
 * {@code EnumMap}, {@code BitSet}, {@code UUID}, {@code Date}), everything in {@code java.time}; and arrays of all
 * these. Everything else is rejected; the rejected class is reported by name.
 */
final class ObjectAdmission implements ObjectInputFilter {

    private static final Set<String> JDK_VALUE_TYPES = Set.of(
            "java.lang.Boolean", "java.lang.Byte", "java.lang.Character", "java.lang.Short", "java.lang.Integer",
            "java.lang.Long", "java.lang.Float", "java.lang.Double", "java.lang.Number", "java.lang.String",
            "java.lang.Enum", "java.lang.Object", "java.util.Map$Entry", "java.math.BigInteger", "java.math.BigDecimal",
            "java.util.ArrayList", "java.util.LinkedList", "java.util.ArrayDeque", "java.util.Vector",
            "java.util.HashMap", "java.util.LinkedHashMap", "java.util.TreeMap", "java.util.Hashtable",
            "java.util.IdentityHashMap", "java.util.WeakHashMap", "java.util.EnumMap",
            "java.util.HashSet", "java.util.LinkedHashSet", "java.util.TreeSet", "java.util.PriorityQueue",
            "java.util.BitSet", "java.util.UUID", "java.util.Date", "java.util.CollSer", "java.util.Arrays$ArrayList",
            "java.util.EnumSet$SerializationProxy", "java.util.RegularEnumSet", "java.util.JumboEnumSet", "java.util.EnumSet", "java.util.AbstractMap$SimpleEntry",
            "java.util.AbstractMap$SimpleImmutableEntry", "java.util.KeyValueHolder",
            "java.lang.String$CaseInsensitiveComparator");

    private static final ClassLoader LIBRARY_LOADER = ObjectAdmission.class.getClassLoader();

    private final ClassLoader programLoader;
    private String rejected;

    ObjectAdmission() {
        ClassLoader l = RankContext.find().map(RankContext::programClassLoader).orElse(null);
        if (l == null) l = Thread.currentThread().getContextClassLoader();
        if (l == null) l = LIBRARY_LOADER;
        this.programLoader = l;
    }

    ClassLoader programLoader() {
        return programLoader;
    }

    String rejected() {
        return rejected;
    }

    ObjectRejectedException rejection() {
        return new ObjectRejectedException(rejected);
    }

    @Override
    public Status checkInput(FilterInfo info) {
        Class<?> c = info.serialClass();
        if (c == null) return Status.UNDECIDED; // depth/reference checks: accept defaults
        while (c.isArray()) c = c.getComponentType();
        if (admitted(c)) return Status.ALLOWED;
        if (rejected == null) rejected = c.getName();
        return Status.REJECTED;
    }

    private boolean admitted(Class<?> c) {
        if (c.isPrimitive()) return true;
        ClassLoader l = c.getClassLoader();
        if (l == null || l == ClassLoader.getPlatformClassLoader()) {
            String n = c.getName();
            return JDK_VALUE_TYPES.contains(n) || n.startsWith("java.time.")
                    || n.startsWith("java.util.ImmutableCollections$") || n.startsWith("java.util.Collections$");
        }
        if (l == LIBRARY_LOADER && c.getName().startsWith("hpjava.")) return true;
        for (ClassLoader p = programLoader; p != null && p != ClassLoader.getPlatformClassLoader(); p = p.getParent())
            if (p == l) return true;
        return false;
    }
}

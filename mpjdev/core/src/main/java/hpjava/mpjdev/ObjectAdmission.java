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
 *
 * <p>Never admitted, whichever loader defined them: the tool chain's classes (ANTLR, ECJ and the rest of
 * {@code org.eclipse}, JavaParser, ASM, picocli, the translator and tools: {@code hpjava.compiler}, {@code hpjava.tools})
 * — they are on the launcher's class path (so a program loader over {@code java.class.path} would define them) but no
 * program sends them. Of the library, only {@code hpjava.lang}, {@code hpjava.adlib}, {@code hpjava.mpjdev} and {@code hpjava.runtime}.
 *
 * <p>Limits (a message within them cannot keep a receiver busy for long; the classic nesting bomb of
 * {@code HashSet}s costs about 2^depth hash computations): nesting depth {@value #MAX_DEPTH}, {@value #MAX_REFERENCES}
 * references, arrays of {@value #MAX_ARRAY_LENGTH} elements, {@value #MAX_BYTES} bytes. Exceeding one rejects the
 * message with the limit named.
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

    /** Packages of the tool chain (and of the translator and tools), rejected from any loader. */
    private static final String[] TOOL_CHAIN = {"org.antlr.", "org.eclipse.", "com.github.javaparser.", "org.objectweb.asm.",
            "picocli.", "hpjava.compiler.", "hpjava.tools."};
    /** Library packages whose serializable classes may travel. */
    private static final String[] LIBRARY_VALUES = {"hpjava.lang.", "hpjava.adlib.", "hpjava.mpjdev.", "hpjava.runtime."};

    static final int MAX_DEPTH = 20;
    static final int MAX_REFERENCES = 10_000_000;
    static final int MAX_ARRAY_LENGTH = 100_000_000;
    static final long MAX_BYTES = 1L << 31;

    private static final ClassLoader LIBRARY_LOADER = ObjectAdmission.class.getClassLoader();

    private final ClassLoader programLoader;
    private String rejected;
    private String limit;

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
        return limit != null ? ObjectRejectedException.overLimit(limit) : new ObjectRejectedException(rejected);
    }

    @Override
    public Status checkInput(FilterInfo info) {
        String over = info.depth() > MAX_DEPTH ? "nesting depth exceeds " + MAX_DEPTH
                : info.references() > MAX_REFERENCES ? "number of references exceeds " + MAX_REFERENCES
                : info.arrayLength() > MAX_ARRAY_LENGTH ? "array of " + info.arrayLength() + " elements exceeds " + MAX_ARRAY_LENGTH
                : info.streamBytes() > MAX_BYTES ? "size exceeds " + MAX_BYTES + " bytes" : null;
        if (over != null) {
            if (rejected == null) {
                rejected = info.serialClass() == null ? "(limit)" : info.serialClass().getName();
                limit = over;
            }
            return Status.REJECTED;
        }
        Class<?> c = info.serialClass();
        if (c == null) return Status.UNDECIDED;
        while (c.isArray()) c = c.getComponentType();
        if (admitted(c)) return Status.ALLOWED;
        if (rejected == null) rejected = c.getName();
        return Status.REJECTED;
    }

    private boolean admitted(Class<?> c) {
        if (c.isPrimitive()) return true;
        String name = c.getName();
        for (String p : TOOL_CHAIN) if (name.startsWith(p)) return false;
        ClassLoader l = c.getClassLoader();
        if (l == null || l == ClassLoader.getPlatformClassLoader()) {
            String n = c.getName();
            return JDK_VALUE_TYPES.contains(n) || n.startsWith("java.time.")
                    || n.startsWith("java.util.ImmutableCollections$") || n.startsWith("java.util.Collections$");
        }
        if (l == LIBRARY_LOADER)
            for (String p : LIBRARY_VALUES) if (name.startsWith(p)) return true;
        for (ClassLoader p = programLoader; p != null && p != ClassLoader.getPlatformClassLoader(); p = p.getParent())
            if (p == l) return true;
        return false;
    }
}

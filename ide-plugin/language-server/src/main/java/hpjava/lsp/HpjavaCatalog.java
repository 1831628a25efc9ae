package hpjava.lsp;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the server says about HPJava's library: Adlib's methods with their signatures (read by reflection from the
 * {@code hpjava.adlib.Adlib} on the server's class path, so they are the ones programs compile against) and a
 * one-line contract each (spec section 6), the range and group classes (spec section 4) and the keywords.
 */
final class HpjavaCatalog {

    /** One-line contracts of Adlib's operations (spec section 6); every call is collective over the APG. */
    static final Map<String, String> ADLIB_CONTRACTS = Map.ofEntries(
            Map.entry("remap", "Copies src into dst elementwise: same shape, any distributions (a replicated dst receives a broadcast)."),
            Map.entry("shift", "Edge-off shift: dst[.. k ..] = src[.. k + amount ..] where in range, other elements unchanged; arrays identically aligned."),
            Map.entry("cshift", "Circular shift: dst[.. k ..] = src[.. (k + amount) mod n ..]; arrays identically aligned."),
            Map.entry("writeHalo", "Fills the ghost cells of a from the owners of those elements (modes EDGE, CYCL, NONE; widths at most the extensions)."),
            Map.entry("broadcast", "The element of a rank-0 section, or the value of APG member root, returned on every APG member."),
            Map.entry("sum", "Sum of all elements (masked: where mask is true), returned on every APG member."),
            Map.entry("product", "Product of all elements (masked: where mask is true), returned on every APG member."),
            Map.entry("maxval", "Largest element (masked: where mask is true), returned on every APG member."),
            Map.entry("minval", "Smallest element (masked: where mask is true), returned on every APG member."),
            Map.entry("any", "Whether any element of the boolean array is true (masked form too), on every APG member."),
            Map.entry("all", "Whether every element of the boolean array is true (masked form too), on every APG member."),
            Map.entry("count", "How many elements of the boolean array are true (masked form too), on every APG member."),
            Map.entry("dotProduct", "Sum of a[k] * b[k] over identically distributed arrays: double if either is floating, else long."),
            Map.entry("maxloc", "Writes into loc the global subscripts of the largest element (first in row-major order on ties) and returns it."),
            Map.entry("minloc", "Writes into loc the global subscripts of the smallest element (first in row-major order on ties) and returns it."),
            Map.entry("sumDim", "res = sums of src along dimension dim (res has rank R-1, aligned with src without dim)."),
            Map.entry("productDim", "res = products of src along dimension dim (res has rank R-1, aligned with src without dim)."),
            Map.entry("maxvalDim", "res = largest elements of src along dimension dim (res has rank R-1, aligned with src without dim)."),
            Map.entry("minvalDim", "res = smallest elements of src along dimension dim (res has rank R-1, aligned with src without dim)."),
            Map.entry("gather", "dst[k] = src[subs0[k], ...]: subscript arrays aligned with dst, one per dimension of src."),
            Map.entry("scatter", "dst[subs0[k], ...] = src[k], the reverse of gather (last writer in APG member order wins)."),
            Map.entry("aprintf", "Prints the arrays elementwise from APG member 0 (%R0, %R1 interpolate indices, %N newline)."));

    /** Range and group classes of hpjava.lang with a one-line description (spec section 4). */
    static final Map<String, String> CLASSES = orderedMap(
            "Range", "abstract integer interval 0..N-1 distributed over one Dimension: size(), dim(), loExtension(), hiExtension()",
            "BlockRange", "BlockRange(n, d): HPF BLOCK distribution of 0..n-1 over dimension d",
            "CyclicRange", "CyclicRange(n, d): HPF CYCLIC distribution of 0..n-1 over dimension d",
            "BlockCyclicRange", "BlockCyclicRange(n, d, b): HPF CYCLIC(b) distribution over dimension d",
            "ExtBlockRange", "ExtBlockRange(n, d, w) or (n, d, lo, hi): BLOCK with ghost regions of width w (or lo/hi) on each local segment",
            "IrregRange", "IrregRange(int[] sizes, d): process k holds sizes[k] consecutive elements",
            "CollapsedRange", "CollapsedRange(n): a sequential (not distributed) range",
            "Dimension", "one axis of a process grid; itself a Range of the grid's extent on that axis",
            "Group", "a process group: size(), membership of the calling process, p / i restriction",
            "Procs", "Procs(int... shape): an n-dimensional process grid; dim(r) is a Dimension",
            "Procs0", "Procs0(): a grid of one process",
            "Procs1", "Procs1(n) or Procs1(): a one-dimensional grid (of every APG process)",
            "Procs2", "Procs2(p, q) or Procs2(): a two-dimensional grid (near-square from the APG size)",
            "Procs3", "Procs3(p, q, r) or Procs3(): a three-dimensional grid (near-cubic from the APG size)",
            "Adlib", "hpjava.adlib.Adlib: the collective operations on distributed arrays (static methods)",
            "HPutil", "hpjava.lang.HPutil: copy(dst, src) between identically distributed arrays (no communication)");

    /** HPJava's keywords with what they do (spec section 5). */
    static final Map<String, String> KEYWORDS = orderedMap(
            "on", "on (g) S: S runs only on the members of group g, with g as the active process group",
            "overall", "overall (i = x for l : u : s) S: distributed parallel loop; each process runs S for the locations of range x it holds",
            "at", "at (i = x[n]) S: S runs only on the processes holding location n of range x, with i bound to it");

    private static final Pattern MULTIARRAY = Pattern.compile("\\b(Boolean|Byte|Char|Short|Int|Long|Float|Double|Object)Multiarray\\b");

    private static volatile Map<String, List<String>> adlibSignatures;

    private HpjavaCatalog() {
    }

    /** Adlib's public static methods by name, each with its overloads written as HPJava types. Empty without Adlib. */
    static Map<String, List<String>> adlibMethods() {
        Map<String, List<String>> m = adlibSignatures;
        if (m != null) return m;
        Map<String, List<String>> found = new TreeMap<>();
        try {
            Class<?> adlib = Class.forName("hpjava.adlib.Adlib", false, HpjavaCatalog.class.getClassLoader());
            for (Method method : adlib.getMethods()) {
                if (!Modifier.isStatic(method.getModifiers()) || method.getDeclaringClass() != adlib) continue;
                found.computeIfAbsent(method.getName(), k -> new ArrayList<>()).add(signature(method));
            }
            found.values().forEach(l -> l.sort(null));
        } catch (ClassNotFoundException | LinkageError e) {
            // no Adlib on the class path: no Adlib help
        }
        adlibSignatures = found;
        return found;
    }

    private static String signature(Method m) {
        StringBuilder sb = new StringBuilder(type(m.getReturnType())).append(' ').append(m.getName()).append('(');
        Class<?>[] ps = m.getParameterTypes();
        for (int i = 0; i < ps.length; i++) {
            if (i > 0) sb.append(", ");
            sb.append(i == ps.length - 1 && m.isVarArgs() ? type(ps[i].getComponentType()) + "..." : type(ps[i]));
        }
        return sb.append(')').toString();
    }

    /** A Java class as the user writes the type: {@code FloatMultiarray} as {@code float [[...]]}. */
    private static String type(Class<?> c) {
        if (c.isArray()) return type(c.getComponentType()) + "[]";
        Matcher mm = MULTIARRAY.matcher(c.getSimpleName());
        if (mm.matches()) return mm.group(1).toLowerCase(java.util.Locale.ROOT).replace("object", "T") + " [[...]]";
        if ("Multiarray".equals(c.getSimpleName())) return "T [[...]]";
        return c.getSimpleName();
    }

    private static Map<String, String> orderedMap(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
        return java.util.Collections.unmodifiableMap(m);
    }
}

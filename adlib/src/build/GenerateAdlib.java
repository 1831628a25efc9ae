/*
 * Expands Adlib's per-element-type templates (adlib/src/template) into Java sources; run by the adlib build
 * (maven-antrun, generate-sources) as a single-file program: java GenerateAdlib.java TEMPLATE_DIR OUTPUT_DIR.
 *
 * - Kernel.java.tmpl  -> one <Name>Kernel.java per element type (all nine);
 * - Numeric.java.tmpl -> one <Name>Numeric.java per numeric type (six);
 * - Adlib.java.tmpl   -> Adlib.java: the template is the class itself; the lines between "//#each TYPES",
 *   "//#each NUMERIC" or "//#each NUMERIC_PAIRS" and "//#end" are repeated once per element type, numeric type or
 *   ordered pair of numeric types.
 *
 * Tokens are @NAME@ (Double), @ELEM@ (element type seen by callers: double, or E), @STORE@ (element type of dat()),
 * @BOX@ (Double), @TYPE@ (hpjava.mpjdev.SectionType constant), @TPARAMS@/@WILD@/@CAST@/@UNCHECKED@/@DIAMOND@ (the
 * generic decorations of Object arrays, empty otherwise), numeric: @ACC@ (accumulator: long or double), @LOWEST@,
 * @HIGHEST@, @ZERO@ (identities of MAX, MIN, SUM), @NARROW@ (cast back after arithmetic promotion); pairs: @A@, @B@
 * (the two names) and @ACC@ (double if either is floating, else long). The type table below is the only place
 * the element types are listed. A line left blank by empty tokens is dropped.
 */

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class GenerateAdlib {
    private static final List<Map<String, String>> TYPES = List.of(
            type("Boolean", "boolean", "Boolean", "BOOLEAN"),
            type("Byte", "byte", "Byte", "BYTE"),
            type("Char", "char", "Character", "CHAR"),
            type("Short", "short", "Short", "SHORT"),
            type("Int", "int", "Integer", "INT"),
            type("Long", "long", "Long", "LONG"),
            type("Float", "float", "Float", "FLOAT"),
            type("Double", "double", "Double", "DOUBLE"),
            objectType());

    private static final List<Map<String, String>> NUMERIC = List.of(
            numeric("Byte", "long", "Byte.MIN_VALUE", "Byte.MAX_VALUE", "(byte) 0", "(byte) "),
            numeric("Short", "long", "Short.MIN_VALUE", "Short.MAX_VALUE", "(short) 0", "(short) "),
            numeric("Int", "long", "Integer.MIN_VALUE", "Integer.MAX_VALUE", "0", ""),
            numeric("Long", "long", "Long.MIN_VALUE", "Long.MAX_VALUE", "0L", ""),
            numeric("Float", "double", "Float.NEGATIVE_INFINITY", "Float.POSITIVE_INFINITY", "-0.0f", ""),
            numeric("Double", "double", "Double.NEGATIVE_INFINITY", "Double.POSITIVE_INFINITY", "-0.0", ""));

    private static Map<String, String> type(String name, String elem, String box, String sectionType) {
        Map<String, String> t = new LinkedHashMap<>();
        t.put("NAME", name);
        t.put("ELEM", elem);
        t.put("STORE", elem);
        t.put("BOX", box);
        t.put("TYPE", sectionType);
        for (String k : List.of("TPARAMS", "WILD", "CAST", "UNCHECKED", "DIAMOND")) t.put(k, "");
        return t;
    }

    private static Map<String, String> objectType() {
        Map<String, String> t = type("Object", "E", "Object", "OBJECT");
        t.put("STORE", "Object");
        t.put("TPARAMS", "<E>");
        t.put("WILD", "<?>");
        t.put("CAST", "(E) ");
        t.put("UNCHECKED", "@SuppressWarnings(\"unchecked\")");
        t.put("DIAMOND", "<>");
        return t;
    }

    private static Map<String, String> numeric(String name, String acc, String lowest, String highest, String zero,
                                               String narrow) {
        Map<String, String> t = new LinkedHashMap<>(TYPES.stream().filter(x -> x.get("NAME").equals(name)).findFirst().orElseThrow());
        t.put("ACC", acc);
        t.put("LOWEST", lowest);
        t.put("HIGHEST", highest);
        t.put("ZERO", zero);
        t.put("NARROW", narrow);
        return t;
    }

    private static List<Map<String, String>> pairs() {
        List<Map<String, String>> out = new ArrayList<>();
        for (Map<String, String> a : NUMERIC)
            for (Map<String, String> b : NUMERIC) {
                boolean floating = a.get("ACC").equals("double") || b.get("ACC").equals("double");
                out.add(Map.of("A", a.get("NAME"), "B", b.get("NAME"), "ACC", floating ? "double" : "long"));
            }
        return out;
    }

    private static final Pattern TOKEN = Pattern.compile("@([A-Z]+)@");

    /** The text with every @TOKEN@ replaced; an unknown token is an error (a typo in a template). */
    static String expand(String text, Map<String, String> values, String where) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            Matcher m = TOKEN.matcher(line);
            StringBuilder l = new StringBuilder();
            boolean had = false;
            while (m.find()) {
                String v = values.get(m.group(1));
                if (v == null) throw new IllegalArgumentException(where + ": unknown token @" + m.group(1) + "@ in: " + line.strip());
                m.appendReplacement(l, Matcher.quoteReplacement(v));
                had = true;
            }
            m.appendTail(l);
            if (had && l.toString().isBlank()) continue;
            out.append(l).append('\n');
        }
        return out.substring(0, out.length() - 1);
    }

    /** Adlib.java.tmpl: the "//#each SET" ... "//#end" blocks repeated per member of SET. */
    static String expandSections(String text, String where) {
        StringBuilder out = new StringBuilder();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String t = lines[i].strip();
            if (!t.startsWith("//#each ")) {
                if (t.startsWith("//#")) throw new IllegalArgumentException(where + ":" + (i + 1) + ": unexpected " + t);
                out.append(lines[i]).append('\n');
                continue;
            }
            List<Map<String, String>> set = switch (t.substring(8).strip()) {
                case "TYPES" -> TYPES;
                case "NUMERIC" -> NUMERIC;
                case "NUMERIC_PAIRS" -> pairs();
                default -> throw new IllegalArgumentException(where + ":" + (i + 1) + ": unknown set in " + t);
            };
            StringBuilder body = new StringBuilder();
            int start = i;
            for (i++; i < lines.length && !lines[i].strip().equals("//#end"); i++) body.append(lines[i]).append('\n');
            if (i == lines.length) throw new IllegalArgumentException(where + ":" + (start + 1) + ": no //#end");
            for (Map<String, String> v : set) out.append(expand(body.toString(), v, where));
        }
        return out.substring(0, out.length() - 1);
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: java GenerateAdlib.java TEMPLATE_DIR OUTPUT_DIR");
            System.exit(2);
        }
        Path in = Path.of(args[0]), out = Path.of(args[1]).resolve("hpjava/adlib");
        Files.createDirectories(out);
        String kernel = read(in.resolve("Kernel.java.tmpl")), numeric = read(in.resolve("Numeric.java.tmpl"));
        for (Map<String, String> t : TYPES)
            write(out.resolve(t.get("NAME") + "Kernel.java"), expand(kernel, t, "Kernel.java.tmpl"));
        for (Map<String, String> t : NUMERIC)
            write(out.resolve(t.get("NAME") + "Numeric.java"), expand(numeric, t, "Numeric.java.tmpl"));
        write(out.resolve("Adlib.java"), expandSections(read(in.resolve("Adlib.java.tmpl")), "Adlib.java.tmpl"));
        schedules(in.resolve("schedule"), out.resolve("schedule"));
    }

    /**
     * HPJava 1.0's typed schedules (package hpjava.adlib.schedule: RemapFloat, ShiftDouble, MaxvalDouble, SumInt, ...),
     * thin classes over Adlib's schedules, from the templates in schedule/: per element type Remap, Shift, Cshift,
     * Broadcast, Gather and Scatter; per numeric type Sum, Product, Maxval, Minval (whose execute() returns the
     * result), Maxloc, Minloc and the dimensional reductions. Extra tokens: @KIND@, @LOWER@ (the operation, as in
     * the class name and as Adlib's method), @WHAT@ (its one-line contract), @OP@ (the reduction), @GET@ (the
     * result's conversion), and @CIRCULAR@ / @SCATTER@ / @MAX@ (the variant flag of Shift, Gather and Locate).
     */
    private static void schedules(Path in, Path out) throws IOException {
        Files.createDirectories(out);
        for (Map<String, String> t : TYPES) {
            Map<String, String> v = new LinkedHashMap<>(t);
            if (v.get("NAME").equals("Object")) v.put("BOX", "E");
            schedule(in, out, "Remap", "Remap", v, "", "", "", "false", "", "");
            schedule(in, out, "Shift", "Shift", v, "Shift", "shift", "edge-off: elements whose source is outside stay unchanged", "false", "", "");
            schedule(in, out, "Shift", "Cshift", v, "Cshift", "cshift", "circular: the source index wraps around", "true", "", "");
            schedule(in, out, "Broadcast", "Broadcast", v, "", "", "", "false", "", "");
            schedule(in, out, "Gather", "Gather", v, "Gather", "gather", "dst[k] = src[subs0[k], ...]", "false", "", "");
            schedule(in, out, "Gather", "Scatter", v, "Scatter", "scatter", "dst[subs0[k], ...] = src[k]", "true", "", "");
        }
        for (Map<String, String> t : NUMERIC) {
            String name = t.get("NAME"), get = switch (name) {
                case "Byte", "Short", "Int" -> "(" + t.get("ELEM") + ") plan.longValue()";
                case "Long" -> "plan.longValue()";
                case "Float" -> "(float) plan.doubleValue()";
                default -> "plan.doubleValue()";
            };
            for (String op : List.of("Sum", "Product", "Maxval", "Minval")) {
                String lower = op.toLowerCase(), upper = op.toUpperCase();
                schedule(in, out, "Reduce", op, t, op, lower, "", "false", upper, get);
                schedule(in, out, "DimReduce", op + "Dim", t, op, lower, "", "false", upper, "");
            }
            schedule(in, out, "Locate", "Maxloc", t, "Maxloc", "maxloc", "", "true", "", get);
            schedule(in, out, "Locate", "Minloc", t, "Minloc", "minloc", "", "false", "", get);
        }
    }

    private static void schedule(Path in, Path out, String template, String kind, Map<String, String> type, String k,
                                 String lower, String what, String flag, String op, String get) throws IOException {
        Map<String, String> v = new LinkedHashMap<>(type);
        v.put("KIND", k);
        v.put("LOWER", lower);
        v.put("WHAT", what);
        v.put("CIRCULAR", flag);
        v.put("SCATTER", flag);
        v.put("MAX", flag);
        v.put("OP", op);
        v.put("GET", get);
        String file = template + ".java.tmpl";
        write(out.resolve(kind + type.get("NAME") + ".java"), expand(read(in.resolve(file)), v, "schedule/" + file));
    }

    private static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }

    /** Writes only when the content changed, so an unchanged build does not recompile. */
    private static void write(Path p, String text) throws IOException {
        if (Files.exists(p) && Files.readString(p, StandardCharsets.UTF_8).equals(text)) return;
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }
}

package hpjava.compiler.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;

import org.eclipse.jdt.internal.compiler.tool.EclipseCompiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compiles every runtime call the lowering emits ({@link RuntimeApi}), with operands of the types the generated code
 * gives them, against the runtime on the test class path: a method renamed or retyped in hpjava.lang fails here, in
 * the build, instead of in a user's program.
 */
class RuntimeApiTest {

    /** Each RuntimeApi method and a statement using the text it emits. */
    private static Map<String, String> uses() {
        Map<String, String> u = new LinkedHashMap<>();
        u.put("bind", RuntimeApi.bind() + ";");
        u.put("vectorAvailable", "boolean v1 = " + RuntimeApi.vectorAvailable() + ";");
        u.put("runOpen", "try { " + RuntimeApi.runOpen("java.io.IOException", "RuntimeException") + "() -> { if (m > 0) throw new java.io.IOException(); }); }"
                + " catch (java.io.IOException e) { }");
        u.put("range", "Range r1 = " + RuntimeApi.range("x") + "; Range r2 = " + RuntimeApi.range("4") + ";");
        u.put("rangeOpen", "Range r3 = " + RuntimeApi.rangeOpen() + "x);");
        u.put("held", RuntimeApi.held(RuntimeApi.grp("a"), "c", "true", "\"F.hpj:1:1\"", "\"a\"") + ";");
        u.put("aligned", RuntimeApi.aligned("x", RuntimeApi.rng("a", 0), "\"F.hpj:1:1\"", "\"i\"", "\"a\"", 0) + ";");
        u.put("shift", RuntimeApi.shift(RuntimeApi.rng("a", 1), -1, "\"F.hpj:1:1\"") + ";");
        u.put("currentContext", RuntimeApi.PROCESS_CONTEXT + " c2 = " + RuntimeApi.currentContext() + ";");
        u.put("enterIndex", "int m1 = " + RuntimeApi.enterIndex("c", "x") + ";");
        u.put("pushApg", "int m2 = " + RuntimeApi.pushApg("c", "g") + ";");
        u.put("restoreApg", RuntimeApi.restoreApg("c", "m") + ";");
        u.put("isMember", "boolean b1 = " + RuntimeApi.isMember("g", "c") + ";");
        u.put("restrict", RuntimeApi.GROUP + " g2 = (g)" + RuntimeApi.restrict("", "x", "3") + ";");
        u.put("restrictOpen", RuntimeApi.GROUP + " g4 = (g)" + RuntimeApi.restrictOpen("x") + "3);");
        u.put("size", "int n1 = " + RuntimeApi.size("x") + ";");
        u.put("localBlock", RuntimeApi.BLOCK + " b2 = " + RuntimeApi.localBlock("x", "c", "0, 3, 1") + ";");
        u.put("block", "b = " + RuntimeApi.block("x", "c", "0, 3, 1", "b") + ";");
        u.put("newBlockCache", "final " + RuntimeApi.BLOCK_CACHE + " q1 = " + RuntimeApi.newBlockCache() + ";");
        u.put("cachedBlock", "b = " + RuntimeApi.cachedBlock(RuntimeApi.newBlockCache(), "x", "c", "0, 3, 1") + ";");
        u.put("holds", "boolean b3 = " + RuntimeApi.holds("x", "c", "2") + ";");
        u.put("localSubscript", "int n2 = " + RuntimeApi.localSubscript("x", "2") + ";");
        u.put("totalCount", "int n3 = " + RuntimeApi.totalCount("b") + ";");
        u.put("segments", "int n4 = " + RuntimeApi.segments("b") + ";");
        u.put("select", RuntimeApi.select("b", "0") + ";");
        u.put("count", "int n5 = " + RuntimeApi.count("b") + ";");
        u.put("glbBase", "int n6 = " + RuntimeApi.glbBase("b") + ";");
        u.put("glbStep", "int n7 = " + RuntimeApi.glbStep("b") + ";");
        u.put("subBase", "int n8 = " + RuntimeApi.subBase("b") + ";");
        u.put("subStep", "int n9 = " + RuntimeApi.subStep("b") + ";");
        u.put("dat", "double[] d1 = " + RuntimeApi.dat("a") + "; Object[] d2 = " + RuntimeApi.dat("o") + ";");
        u.put("bas", "int n10 = " + RuntimeApi.bas("a") + ";");
        u.put("str", "int n11 = " + RuntimeApi.str("a", 1) + ";");
        u.put("grp", RuntimeApi.GROUP + " g3 = " + RuntimeApi.grp("a") + ";");
        u.put("rng", RuntimeApi.RANGE + " r4 = " + RuntimeApi.rng("a", 0) + ";");
        u.put("sectionOpen", "DoubleMultiarray s1 = (a)" + RuntimeApi.sectionOpen() + RuntimeApi.tripletScalar() + "1), "
                + RuntimeApi.tripletAll() + ");");
        u.put("tripletScalar", "Triplet t1 = " + RuntimeApi.tripletScalar() + "1);");
        u.put("tripletAll", "Triplet t2 = " + RuntimeApi.tripletAll() + ";");
        u.put("tripletSplit", "Triplet t5 = " + RuntimeApi.tripletSplit() + ";");
        u.put("tripletOpen", "Triplet t3 = " + RuntimeApi.tripletOpen() + "0, 3, 2); Triplet t4 = " + RuntimeApi.tripletOpen() + "0, 3);");
        u.put("subrangeOpen", RuntimeApi.RANGE + " r5 = (x)" + RuntimeApi.subrangeOpen() + "0, 3, 1); " + RuntimeApi.RANGE
                + " r6 = (x)" + RuntimeApi.subrangeOpen() + "0, 3);");
        u.put("objectMultiarray", RuntimeApi.objectMultiarray("String") + " o2 = new " + RuntimeApi.objectMultiarray("String")
                + "((" + RuntimeApi.GROUP + ") null, " + RuntimeApi.range("x") + ");");
        u.put("partCount", "int p1 = " + RuntimeApi.partCount(2) + ";");
        u.put("interiorLow", "int il = " + RuntimeApi.interiorLow(RuntimeApi.rng("a", 0), "x", "c", -1) + ";");
        u.put("interiorHigh", "int ih = " + RuntimeApi.interiorHigh(RuntimeApi.rng("a", 0), "x", "c", -1, 2) + ";");
        u.put("partLowerOpen", "int pl = " + RuntimeApi.partLowerOpen("m", 0) + "(1), 2, il, ih);");
        u.put("partUpperOpen", "int pu = " + RuntimeApi.partUpperOpen("m", 1) + "(9), il, ih);");
        u.put("writeHaloStart", "if (m < 0) " + RuntimeApi.writeHaloStart("a") + ";");
        u.put("writeHaloComplete", "if (m < 0) " + RuntimeApi.writeHaloComplete("a") + ";");
        return u;
    }

    @Test
    void everyRuntimeCallTheLoweringEmitsCompiles(@TempDir Path dir) throws IOException {
        Map<String, String> uses = uses();
        Set<String> api = Arrays.stream(RuntimeApi.class.getDeclaredMethods())
                .filter(m -> Modifier.isStatic(m.getModifiers()) && !m.isSynthetic() && m.getReturnType() == String.class)
                .map(Method::getName).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(api, new TreeSet<>(uses.keySet()), "every RuntimeApi method is compiled here");

        String body = String.join("\n        ", uses.values());
        String source = "import hpjava.lang.*;\n"
                + "class Emitted {\n"
                + "    static void all(Range x, ProcessContext c, Group g, Block b, int m, DoubleMultiarray a,\n"
                + "            ObjectMultiarray<String> o) {\n"
                + "        " + body + "\n"
                + "    }\n"
                + "}\n"
                + "class RangeTypes {\n"
                + rangeTypeUses()
                + "}\n";
        Path file = dir.resolve("Emitted.java");
        Files.writeString(file, source);
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StringWriter log = new StringWriter();
        EclipseCompiler ecj = new EclipseCompiler();
        boolean ok;
        try (StandardJavaFileManager fm = ecj.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            List<String> options = List.of("--release", "25", "-proc:none", "-d", dir.resolve("classes").toString(),
                    "-classpath", System.getProperty("java.class.path"));
            ok = ecj.getTask(log, fm, diagnostics, options, null, fm.getJavaFileObjects(file)).call();
        }
        assertTrue(ok, () -> source + "\n" + diagnostics.getDiagnostics() + log);
    }

    /** A field of each hpjava.lang range and group type the fusion analysis treats as runtime code. */
    private static String rangeTypeUses() {
        StringBuilder sb = new StringBuilder();
        int k = 0;
        for (String t : new TreeSet<>(RuntimeApi.RANGE_AND_GROUP_TYPES)) sb.append("    ").append(t).append(" f").append(k++).append(";\n");
        return sb.toString();
    }
}

package hpjava.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import hpjava.compiler.diag.DiagnosticKey;
import hpjava.compiler.parse.SourceUnit;

/**
 * Nesting javac accepts goes through the translator (155 overalls, 263 ons, 632 blocks, 500 generics,
 * ~1900 else-ifs overflowed a default stack): depth {@value #DEPTH} of each construct through parse, attribution,
 * checks and lowering, and to class files with ECJ. ECJ's code generation is superlinear in the depth of nested
 * try/finally and loops, which overall, on and at lower to (measured on 2 shared vCPUs: 200 nested ons or ats 1.2 s,
 * 1000 nested ons over 110 s of CPU, unfinished; 200 nested overalls 86 s), so those compile to class files at depth
 * {@value #ECJ_TRY_DEPTH} (ons, ats: beyond the 263 that overflowed) and {@value #ECJ_LOOP_DEPTH} (overalls). A stack
 * overflow even on the deep stack is a TooDeepException (a TOO_DEEP diagnostic), not a StackOverflowError.
 */
@Tag("slow")
class DeepNestingTest {
    static final int DEPTH = 1000;
    static final int ECJ_TRY_DEPTH = 300;
    static final int ECJ_LOOP_DEPTH = 40;

    @TempDir
    Path dir;

    static String program(String name, String body) {
        return """
                import hpjava.lang.*;
                public class %s {
                  public static void main(String[] args) {
                    Procs1 p = new Procs1(1);
                    on (p) {
                      Range x = new BlockRange(4, p.dim(0));
                      int [[-]] a = new int [[x]];
                %s
                    }
                  }
                }
                """.formatted(name, body);
    }

    private static String repeat(int depth, IntFunction<String> f) {
        return IntStream.range(0, depth).mapToObj(f).collect(Collectors.joining());
    }

    static String body(String construct) {
        return body(construct, DEPTH);
    }

    static String body(String construct, int DEPTH) {
        return switch (construct) {
            case "Blocks" -> "{".repeat(DEPTH) + "int k = 1;" + "}".repeat(DEPTH);
            case "Parens" -> "int k = " + "(".repeat(DEPTH) + "1" + ")".repeat(DEPTH) + ";";
            case "Overalls" -> repeat(DEPTH, n -> "overall (i" + n + " = x for :) ") + "a[i0] = 1;";
            case "Ons" -> "on (p) ".repeat(DEPTH) + "{ int k = 1; }";
            case "Ats" -> repeat(DEPTH, n -> "at (i" + n + " = x[0]) ") + "a[i0] = 1;";
            case "Generics" -> "java.util.List<".repeat(DEPTH) + "String" + ">".repeat(DEPTH) + " l = null;";
            case "ElseIfs" -> "int k = args.length;\n" + repeat(DEPTH, n -> (n == 0 ? "" : " else ") + "if (k == " + n + ") k = " + (n + 1) + ";");
            default -> throw new IllegalArgumentException(construct);
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"Blocks", "Parens", "Overalls", "Ons", "Ats", "Generics", "ElseIfs"})
    void translatesToJava(String construct) throws Exception {
        SourceUnit unit = SourceUnit.parse(construct + ".hpj", program(construct, body(construct)));
        HpjavaCompiler.Result r = HpjavaCompiler.compile(List.of(unit),
                new HpjavaCompiler.Options(Phase.LOWER, Harness.classPath(), null, null));
        assertTrue(r.success(), r.formatted());
        assertTrue(r.units().get(0).lowered().javaText().contains("class " + construct));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Blocks", "Parens", "Overalls", "Ons", "Ats", "Generics", "ElseIfs"})
    void compilesToClassFiles(String construct) throws Exception {
        int depth = switch (construct) {
            case "Overalls" -> ECJ_LOOP_DEPTH;
            case "Ons", "Ats" -> ECJ_TRY_DEPTH;
            default -> DEPTH;
        };
        SourceUnit unit = SourceUnit.parse(construct + ".hpj", program(construct, body(construct, depth)));
        HpjavaCompiler.Result r = HpjavaCompiler.compile(List.of(unit),
                new HpjavaCompiler.Options(Phase.COMPILE, Harness.classPath(), dir.resolve("classes"), null));
        assertTrue(r.success(), r.formatted());
        assertTrue(Files.isRegularFile(dir.resolve("classes/" + construct + ".class")));
    }

    @Test
    void overflowingEvenTheDeepStackIsATooDeepException() {
        DeepStack.TooDeepException e = assertThrows(DeepStack.TooDeepException.class, () -> DeepStack.call(() -> recurse(0)));
        assertTrue(e.getMessage().startsWith("the source nests too deeply for the translator"), e.getMessage());
        assertEquals(DiagnosticKey.TOO_DEEP.code(), "hpj.TOO_DEEP");
    }

    private static int recurse(int n) {
        return recurse(n + 1) + 1;
    }
}

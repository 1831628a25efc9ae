package hpjava.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * Nesting javac accepts compiles, parse to class files (issue 15: 155 overalls, 263 ons, 632 blocks, 500 generics,
 * ~1900 else-ifs overflowed a default stack). Depth {@value #DEPTH} of each construct; far beyond it, a clear
 * TOO_DEEP error instead of a StackOverflowError.
 */
@Tag("slow")
class DeepNestingTest {
    static final int DEPTH = 1000;

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

    private static String repeat(IntFunction<String> f) {
        return IntStream.range(0, DEPTH).mapToObj(f).collect(Collectors.joining());
    }

    static String body(String construct) {
        return switch (construct) {
            case "Blocks" -> "{".repeat(DEPTH) + "int k = 1;" + "}".repeat(DEPTH);
            case "Parens" -> "int k = " + "(".repeat(DEPTH) + "1" + ")".repeat(DEPTH) + ";";
            case "Overalls" -> repeat(n -> "overall (i" + n + " = x for :) ") + "a[i0] = 1;";
            case "Ons" -> "on (p) ".repeat(DEPTH) + "{ int k = 1; }";
            case "Ats" -> repeat(n -> "at (i" + n + " = x[0]) ") + "a[i0] = 1;";
            case "Generics" -> "java.util.List<".repeat(DEPTH) + "String" + ">".repeat(DEPTH) + " l = null;";
            case "ElseIfs" -> "int k = args.length;\n" + repeat(n -> (n == 0 ? "" : " else ") + "if (k == " + n + ") k = " + (n + 1) + ";");
            default -> throw new IllegalArgumentException(construct);
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"Blocks", "Parens", "Overalls", "Ons", "Ats", "Generics", "ElseIfs"})
    void compilesToClassFiles(String construct) throws Exception {
        SourceUnit unit = SourceUnit.parse(construct + ".hpj", program(construct, body(construct)));
        HpjavaCompiler.Result r = HpjavaCompiler.compile(List.of(unit),
                new HpjavaCompiler.Options(Phase.COMPILE, Harness.classPath(), dir.resolve("classes"), null));
        assertTrue(r.success(), r.formatted());
        assertTrue(Files.isRegularFile(dir.resolve("classes/" + construct + ".class")));
    }

    @Test
    void nestingBeyondTheDeepStackIsAnErrorNotACrash() throws Exception {
        int depth = 2_000_000;
        String text = program("Absurd", "int k = " + "(".repeat(depth) + "1" + ")".repeat(depth) + ";");
        SourceUnit unit = SourceUnit.parse("Absurd.hpj", text);
        HpjavaCompiler.Result r = HpjavaCompiler.compile(List.of(unit), HpjavaCompiler.Options.checkOnly());
        assertEquals(false, r.success());
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.key() == DiagnosticKey.TOO_DEEP), r.formatted());
    }
}

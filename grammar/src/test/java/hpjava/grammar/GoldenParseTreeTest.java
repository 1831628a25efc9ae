package hpjava.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden parse-tree tests: every {@code src/test/resources/golden/NAME.hpj} must parse without errors to exactly the
 * tree in {@code NAME.tree} (the format of {@link ParseTreeFormatter}).
 *
 * <p>To regenerate the goldens after a deliberate grammar change, run
 * {@code ./mvnw -pl grammar test -Dtest=GoldenParseTreeTest -Dhpjava.golden.update=true}, then review the diff of the
 * {@code .tree} files before committing them. A missing {@code .tree} file fails the test (and is written when
 * updating).
 */
class GoldenParseTreeTest {

    static final Path GOLDEN_DIR = Path.of(System.getProperty("basedir", "."), "src", "test", "resources", "golden");
    static final boolean UPDATE = Boolean.getBoolean("hpjava.golden.update");

    static List<Path> inputs() throws IOException {
        try (Stream<Path> files = Files.list(GOLDEN_DIR)) {
            List<Path> inputs = files.filter(p -> p.toString().endsWith(".hpj")).sorted().toList();
            assertFalse(inputs.isEmpty(), "no .hpj inputs in " + GOLDEN_DIR.toAbsolutePath());
            return inputs;
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inputs")
    void parsesToGoldenTree(Path input) throws IOException {
        ParseResult result = HPJavaParsing.parse(input);
        assertTrue(result.errors().isEmpty(), () -> "syntax errors in " + input + ": " + result.errors());

        String actual = ParseTreeFormatter.format(result.tree(), result.parser());
        String name = input.getFileName().toString();
        Path golden = input.resolveSibling(name.substring(0, name.length() - ".hpj".length()) + ".tree");
        if (UPDATE) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
            return;
        }
        assertTrue(Files.exists(golden), () -> "missing golden " + golden + "; regenerate with -Dhpjava.golden.update=true");
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), actual,
                () -> "parse tree of " + input + " differs from " + golden
                        + "; if the change is intended, regenerate with -Dhpjava.golden.update=true and review the diff");
    }
}

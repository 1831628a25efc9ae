package hpjava.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The semantic tokens of the editor fixtures ({@code ide-plugin/vscode/test/fixtures}, shared with the TextMate
 * grammar's golden tokens) against {@code src/test/resources/semantic/NAME.semantic}: one line per token,
 * {@code line:col "text" type modifiers} (1-based). The fixture must analyze without diagnostics. After a deliberate
 * change regenerate with {@code -Dhpjava.golden.update=true} and review the diff.
 */
class SemanticTokensGoldenTest {
    static final Path BASE = Path.of(System.getProperty("basedir", "."));
    static final Path FIXTURES = BASE.resolve("../vscode/test/fixtures");
    static final Path GOLDEN = BASE.resolve("src/test/resources/semantic");

    @ParameterizedTest
    @ValueSource(strings = {"Java25.hpj"})
    void semanticTokensMatchTheGolden(String name) throws IOException {
        String text = Files.readString(FIXTURES.resolve(name), StandardCharsets.UTF_8);
        Analysis a = Analyzer.analyze("file:///" + name, name, text);
        assertTrue(a.diagnostics().isEmpty(), () -> name + ": " + a.diagnostics());
        String actual = decode(SemanticTokensBuilder.full(a).getData(), text);
        Path golden = GOLDEN.resolve(name.replace(".hpj", ".semantic"));
        if (Boolean.getBoolean("hpjava.golden.update")) {
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
            return;
        }
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), actual,
                () -> "semantic tokens of " + name + " differ from " + golden
                        + "; if intended, regenerate with -Dhpjava.golden.update=true and review the diff");
    }

    /** LSP's relative encoding (5 integers a token) as absolute 1-based lines of text. */
    static String decode(List<Integer> data, String text) {
        String[] lines = text.split("\n", -1);
        StringBuilder out = new StringBuilder();
        int line = 0, col = 0;
        for (int k = 0; k + 4 < data.size(); k += 5) {
            col = data.get(k) == 0 ? col + data.get(k + 1) : data.get(k + 1);
            line += data.get(k);
            String piece = lines[line].substring(col, col + data.get(k + 2));
            List<String> modifiers = new ArrayList<>();
            for (int m = 0; m < SemanticTokensBuilder.MODIFIERS.size(); m++)
                if ((data.get(k + 4) & (1 << m)) != 0) modifiers.add(SemanticTokensBuilder.MODIFIERS.get(m));
            out.append(line + 1).append(':').append(col + 1).append(" \"").append(piece).append("\" ")
                    .append(SemanticTokensBuilder.TYPES.get(data.get(k + 3)))
                    .append(modifiers.isEmpty() ? "" : " " + String.join(",", modifiers)).append('\n');
        }
        return out.toString();
    }
}

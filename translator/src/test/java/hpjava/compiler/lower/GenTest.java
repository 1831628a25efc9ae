package hpjava.compiler.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.github.javaparser.ast.stmt.LocalClassDeclarationStmt;

import hpjava.compiler.HpjavaCompiler;
import hpjava.compiler.Phase;
import hpjava.compiler.parse.SourceUnit;

/**
 * {@link Gen} is the one table of generated names: its numbered names cannot equal each other or the unnumbered
 * names of a vector loop, and the vector loops the lowering writes use no {@code $} name outside the table.
 */
class GenTest {
    private static final Pattern NAME = Pattern.compile("\\$[A-Za-z_][A-Za-z0-9_]*");

    @Test
    void numberedNamesAndRowNamesNeverCoincide() {
        Set<String> prefixes = new HashSet<>();
        for (Gen g : Gen.values()) assertTrue(prefixes.add(g.of(0).replaceAll("\\d+$", "")), "prefix twice: " + g);
        assertEquals(Gen.ROW_NAMES.size(), new HashSet<>(Gen.ROW_NAMES).size(), "a row name twice");
        for (String row : Gen.ROW_NAMES) {
            assertFalse(row.equals(Gen.ROW) || row.equals(Gen.RUN), row);
            for (Gen g : Gen.values())
                for (int n = 0; n < 30; n++)
                    assertFalse(row.equals(g.of(n)), row + " equals " + g + "'s name for " + n);
        }
        for (Gen a : Gen.values())
            for (Gen b : Gen.values())
                if (a != b)
                    for (int n = 0; n < 30; n++)
                        for (int m = 0; m < 30; m++)
                            assertFalse(a.of(n).equals(b.of(m)), a + " " + n + " equals " + b + " " + m);
    }

    @ParameterizedTest
    @ValueSource(strings = {"programs/VectorSweep.hpj", "programs/RedBlackVector.hpj"})
    void vectorLoopsUseOnlyNamesOfTheTable(String program) throws IOException {
        String text;
        try (InputStream in = GenTest.class.getResourceAsStream("/" + program)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        SourceUnit u = SourceUnit.parse(program.substring(program.lastIndexOf('/') + 1), text);
        HpjavaCompiler.Result r = HpjavaCompiler.compile(List.of(u),
                new HpjavaCompiler.Options(Phase.LOWER, List.of(), null, null).withVector(true));
        assertTrue(r.success(), r.formatted());
        List<LocalClassDeclarationStmt> loops = r.units().get(0).javaTree().findAll(LocalClassDeclarationStmt.class,
                c -> c.getClassDeclaration().getNameAsString().matches("\\$V\\d+"));
        assertFalse(loops.isEmpty(), "no vector loop in " + program);
        Set<Gen> numbered = EnumSet.of(Gen.ROW_LOCAL, Gen.ROW_INVARIANT, Gen.ROW_SCALAR, Gen.ROW_ARRAY, Gen.ROW_OFFSET,
                Gen.VECTOR_CLASS);
        Set<String> strangers = new TreeSet<>();
        for (LocalClassDeclarationStmt loop : loops) {
            Matcher m = NAME.matcher(loop.getClassDeclaration().toString());
            while (m.find()) {
                String name = m.group();
                boolean known = Gen.ROW_NAMES.contains(name) || name.equals(Gen.ROW)
                        || numbered.stream().anyMatch(g -> name.matches(Pattern.quote(g.of(0).replaceAll("\\d+$", "")) + "\\d+"));
                if (!known) strangers.add(name);
            }
        }
        assertTrue(strangers.isEmpty(), "names outside Gen in the vector loops of " + program + ": " + strangers);
    }
}

package hpjava.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import hpjava.compiler.parse.SourceUnit;

/**
 * Communication overlap (lower/Overlap): the test programs (ghost widths 1 and 2, 2-D and 3-D, red-black, a timer
 * between exchange and nest) compiled with overlap and with {@code withOverlap(false)} ({@code --no-overlap}), run on
 * 1, 2 and 4 mt ranks: each checks its result bit for bit against plain Java arrays, and both compilations print the
 * same checksum of the result's bits. The generated shape: the exchange started, the nest in parts with the
 * completion before the strips, lines kept; nests the proof does not cover are left alone.
 */
class OverlapTest {
    static final String[] PROGRAMS = {"OverlapJacobi", "OverlapRedBlack", "Overlap3D", "NoOverlap"};

    @TempDir
    static Path dir;

    @BeforeAll
    static void compileBoth() throws IOException {
        for (boolean overlap : new boolean[] {true, false}) {
            List<SourceUnit> units = new ArrayList<>();
            for (String p : PROGRAMS) units.add(Harness.unit("overlap/" + p + ".hpj"));
            Path out = dir.resolve(overlap ? "on" : "off");
            HpjavaCompiler.Result r = HpjavaCompiler.compile(units, new HpjavaCompiler.Options(Phase.COMPILE, Harness.classPath(),
                    out.resolve("classes"), out.resolve("java")).withOverlap(overlap));
            assertTrue(r.success(), r.formatted());
        }
    }

    @ParameterizedTest(name = "{0} at np = {1}")
    @CsvSource({"OverlapJacobi, 1", "OverlapJacobi, 2", "OverlapJacobi, 4", "OverlapRedBlack, 1", "OverlapRedBlack, 2",
                "OverlapRedBlack, 4", "Overlap3D, 1", "Overlap3D, 2", "Overlap3D, 4", "NoOverlap, 1", "NoOverlap, 2", "NoOverlap, 4"})
    void sameBitsWithAndWithoutOverlap(String main, int np) {
        String on = checksum(run("on", main, np)), off = checksum(run("off", main, np));
        assertEquals(off, on, main + " at np " + np + ": checksums with and without overlap");
    }

    private static String run(String which, String main, int np) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        Harness.Run r;
        try {
            r = Harness.run(dir.resolve(which).resolve("classes"), main, np);
        } finally {
            System.setOut(saved);
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, r.status(), main + " (" + which + ") at np " + np + ":\n" + text + r.err());
        return text;
    }

    private static String checksum(String out) {
        if (out.isEmpty()) return "";   // NoOverlap prints nothing: it checks itself
        Matcher m = Pattern.compile("CHECKSUM (.*)").matcher(out);
        assertTrue(m.find(), "no checksum line in:\n" + out);
        return m.group(1);
    }

    @Test
    void theOverlappedShapeIsKept() throws IOException {
        for (String p : new String[] {"OverlapJacobi", "OverlapRedBlack", "Overlap3D"}) {
            String on = Files.readString(dir.resolve("on/java/" + p + ".java")), off = Files.readString(dir.resolve("off/java/" + p + ".java"));
            String hpj = Harness.resource("overlap/" + p + ".hpj");
            assertEquals(hpj.split("\n", -1).length, on.split("\n", -1).length, p + ": the generated Java keeps the source's lines");
            assertTrue(on.contains("hpjava.adlib.Adlib.writeHaloStart(a);"), p + ": the exchange starts\n" + on);
            assertTrue(on.contains("hpjava.lang.OverlapParts.lower($pt"), p + ": the nest's bounds follow the part");
            int start = on.indexOf("writeHaloStart(a)"), loop = on.indexOf("for (int $pt", start), complete = on.indexOf("if ($pt", loop);
            assertTrue(start >= 0 && loop > start && complete > loop && on.indexOf("hpjava.adlib.Adlib.writeHaloComplete(a)", complete) > complete,
                    p + ": start, then the parts, completing before part 1");
            assertFalse(off.contains("writeHaloStart") || off.contains("OverlapParts"), p + ": --no-overlap leaves the exchange blocking");
        }
        String no = Files.readString(dir.resolve("on/java/NoOverlap.java"));
        assertFalse(no.contains("writeHaloStart") || no.contains("OverlapParts"), "NoOverlap: no nest is split\n" + no);
    }

    @Test
    void eachPartOfARedBlackSweepHasItsLines() throws IOException {
        String on = Files.readString(dir.resolve("on/java/OverlapRedBlack.java"));
        String[] lines = on.split("\n", -1);
        int startLine = -1, partLine = -1;
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains("writeHaloStart(a)")) startLine = i + 1;
            if (lines[i].contains("for (int $pt")) partLine = i + 1;
        }
        String[] hpj = Harness.resource("overlap/OverlapRedBlack.hpj").split("\n", -1);
        assertTrue(hpj[startLine - 1].contains("Adlib.writeHalo(a);"), "the start is on the exchange's line " + startLine);
        assertTrue(hpj[partLine - 1].trim().startsWith("overall (i = x"), "the parts open on the nest's line " + partLine);
    }
}

package hpjava.mpjdev.mt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.tools.ToolProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Option {@code rank-classes}: a program that qualifies ({@link StaticStateScan}) runs with one loader for all ranks,
 * one with a mutable static keeps a loader (and statics) per rank, object messages work either way, bad values are
 * usage errors. The programs are compiled here onto a class path of their own, as a user's are.
 */
class RankClassesTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** Each rank prints its id, its main class's loader and that class's identity. */
    private static final Pattern LOADER_LINE = Pattern.compile("rank (\\d+) loader=(\\S+) class=(\\d+)");

    @TempDir
    static Path dir;

    private static Path compile(String name, String source) throws IOException {
        Path src = dir.resolve("src-" + name + "/rc/" + name + ".java"), classes = dir.resolve("classes-" + name);
        Files.createDirectories(src.getParent());
        Files.writeString(src, source);
        if (!Files.isDirectory(classes)) {
            int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(),
                    "-cp", System.getProperty("java.class.path"), src.toString());
            assertEquals(0, rc, "test program compiles");
        }
        return classes;
    }

    /** Only constants: qualifies. Prints the loader and the class's identity per rank. */
    private static Path constantsProgram() throws IOException {
        return compile("Constants", """
                package rc;
                public class Constants {
                    static final int N = 4;
                    public static void main(String[] args) {
                        int id = hpjava.mpjdev.Comm.world().id();
                        System.out.println("rank " + id + " loader=" + Constants.class.getClassLoader().getName()
                                + " class=" + System.identityHashCode(Constants.class) + " n=" + N);
                    }
                }
                """);
    }

    /** A mutable static each rank increments once: per rank, every rank must see 1. */
    private static Path counterProgram() throws IOException {
        return compile("Counter", """
                package rc;
                public class Counter {
                    static int runs;
                    public static void main(String[] args) throws Exception {
                        runs++;
                        hpjava.mpjdev.Comm w = hpjava.mpjdev.Comm.world();
                        // Every rank has incremented before any rank reads: a shared static would read np.
                        hpjava.mpjdev.Buffer b = hpjava.mpjdev.Buffer.allocate(64);
                        for (int r = 0; r < w.size(); r++) {
                            if (r == w.id()) continue;
                            b.clear().writeObject(w.id());
                            w.send(b, r, 1);
                        }
                        for (int r = 0; r < w.size(); r++) {
                            if (r == w.id()) continue;
                            w.recv(b, r, 1);
                        }
                        b.release();
                        System.out.println("rank " + w.id() + " loader=" + Counter.class.getClassLoader().getName()
                                + " class=" + System.identityHashCode(Counter.class) + " runs=" + runs);
                    }
                }
                """);
    }

    private static MtRun run(int np, String mode, Path classes, String main) {
        MtRun r = MtRun.launch(TIMEOUT, "--np", String.valueOf(np), "--option", "rank-classes=" + mode,
                "--option", "verbose=true", "-cp", classes.toString(), main);
        assertEquals(0, r.status, r::toString);
        return r;
    }

    /** The loader names and class identities the ranks printed; asserts that every rank printed one line. */
    private static Set<String>[] loadersAndClasses(MtRun r, int np) {
        Set<String> loaders = new TreeSet<>(), classes = new TreeSet<>(), ranks = new TreeSet<>();
        Matcher m = LOADER_LINE.matcher(r.out);
        while (m.find()) {
            ranks.add(m.group(1));
            loaders.add(m.group(2));
            classes.add(m.group(3));
        }
        assertEquals(np, ranks.size(), () -> "one line per rank\n" + r);
        @SuppressWarnings("unchecked")
        Set<String>[] both = new Set[] {loaders, classes};
        return both;
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void qualifyingProgramRunsWithOneLoaderForAllRanks(int np) throws IOException {
        MtRun r = run(np, "auto", constantsProgram(), "rc.Constants");
        Set<String>[] lc = loadersAndClasses(r, np);
        assertEquals(Set.of("ranks"), lc[0], r::toString);
        assertEquals(1, lc[1].size(), () -> "one copy of the class\n" + r);
        assertTrue(r.err.contains("program classes shared by the ranks (auto: no rank can observe another's static state;"), r::toString);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void perRankOptionKeepsALoaderPerRank(int np) throws IOException {
        MtRun r = run(np, "per-rank", constantsProgram(), "rc.Constants");
        Set<String>[] lc = loadersAndClasses(r, np);
        assertEquals(np, lc[0].size(), r::toString);
        for (int k = 0; k < np; k++) assertTrue(lc[0].contains("rank-" + k), r::toString);
        assertEquals(np, lc[1].size(), () -> "a copy of the class per rank\n" + r);
        assertTrue(r.err.contains("program classes per rank (rank-classes=per-rank)"), r::toString);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void mutableStaticKeepsStaticsPerRank(int np) throws IOException {
        MtRun r = run(np, "auto", counterProgram(), "rc.Counter");
        Set<String>[] lc = loadersAndClasses(r, np);
        assertEquals(np, lc[0].size(), r::toString);
        assertEquals(np, lc[1].size(), r::toString);
        for (int k = 0; k < np; k++) assertTrue(r.out.contains("rank " + k + " loader=rank-" + k), r::toString);
        assertEquals(np, r.out.split("runs=1\n", -1).length - 1, () -> "every rank sees its own static\n" + r);
        assertTrue(r.err.contains("program classes per rank (auto: rc.Counter.runs is a static field that is not final;"), r::toString);
    }

    @Test
    void sharedOptionForcesOneLoaderEvenWithAMutableStatic() throws IOException {
        MtRun r = run(2, "shared", counterProgram(), "rc.Counter");
        Set<String>[] lc = loadersAndClasses(r, 2);
        assertEquals(Set.of("ranks"), lc[0], r::toString);
        assertTrue(r.out.contains("runs=2"), () -> "the ranks share the static: the user asked for it\n" + r);
    }

    @ParameterizedTest
    @ValueSource(strings = {"auto", "per-rank", "shared"})
    void programObjectsTravelBetweenRanksInEveryMode(String mode) throws IOException {
        Path classes = compile("Objects", """
                package rc;
                import hpjava.mpjdev.*;
                public class Objects {
                    record Point(int x, String label) implements java.io.Serializable { }
                    enum Colour { RED, GREEN }
                    public static void main(String[] args) {
                        Comm w = Comm.world();
                        int right = (w.id() + 1) % w.size(), left = (w.id() + w.size() - 1) % w.size();
                        Buffer out = Buffer.allocate(256), in = Buffer.allocate(256);
                        out.writeObject(new Point(w.id(), "p" + w.id())).writeObject(Colour.GREEN);
                        Request s = w.isend(out, right, 7);
                        w.recv(in, left, 7);
                        Object p = in.readObject(), c = in.readObject();
                        s.iwait();
                        boolean ok = p.equals(new Point(left, "p" + left)) && p.getClass() == Point.class && c == Colour.GREEN;
                        System.out.println("rank " + w.id() + " got " + p + " " + c + " ok=" + ok
                                + " loader=" + Point.class.getClassLoader().getName());
                        out.release();
                        in.release();
                    }
                }
                """);
        MtRun r = run(3, mode, classes, "rc.Objects");
        for (int k = 0; k < 3; k++) {
            int left = (k + 2) % 3;
            String loader = mode.equals("per-rank") ? "rank-" + k : "ranks";
            assertTrue(r.out.contains("rank " + k + " got Point[x=" + left + ", label=p" + left + "] GREEN ok=true loader=" + loader),
                    r::toString);
        }
    }

    @Test
    void oneRankNeedsNoScan() throws IOException {
        MtRun r = run(1, "auto", constantsProgram(), "rc.Constants");
        assertTrue(r.out.contains("rank 0 loader=rank-0"), r::toString);
        assertTrue(r.err.contains("program classes per rank (auto: one rank)"), r::toString);
    }

    @Test
    void badValueIsAUsageErrorNamingTheOption() throws IOException {
        MtRun r = MtRun.launch(TIMEOUT, "--np", "2", "--option", "rank-classes=sharde", "-cp", constantsProgram().toString(), "rc.Constants");
        assertEquals(2, r.status, r::toString);
        assertTrue(r.err.contains("mt option rank-classes must be auto, shared or per-rank, not 'sharde'"), r::toString);
        assertFalse(r.err.contains("\tat "), () -> "no stack trace\n" + r);
        assertFalse(r.out.contains("rank 0"), () -> "no rank ran\n" + r);
    }
}

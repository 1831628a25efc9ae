package hpjava.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hpjava run --comm-profile} as a user runs it: the table on standard error when the job ends, sorted by
 * waiting time, naming each Adlib call's line; the JSON beside the program or in the file named.
 */
class CommProfileRunTest {
    @TempDir
    Path dir;

    static final String HALO = """
            public class Halo implements HPspmd {
              public static void main(String[] args) {
                Procs1 p = new Procs1();
                on (p) {
                  Range x = new ExtBlockRange(64, p.dim(0), 1);
                  double [[-]] a = new double [[x]];
                  for (int k = 0; k < 5; k++)
                    Adlib.writeHalo(a);
                  System.out.println("sum " + Adlib.sum(a));
                }
              }
            }
            """;

    private ToolRun run(String... profileOption) throws Exception {
        Files.writeString(dir.resolve("Halo.hpj"), HALO);
        String[] args = new String[profileOption.length + 7];
        args[0] = "run";
        System.arraycopy(profileOption, 0, args, 1, profileOption.length);
        int i = profileOption.length + 1;
        args[i++] = "--np";
        args[i++] = "3";
        args[i++] = "-cp";
        args[i++] = ToolRun.programClassPath();
        args[i++] = "-Dhpjava.cache=" + dir.resolve("cache");
        args[i] = "Halo.hpj";
        ToolRun r = ToolRun.hpjavaJvm(dir, args);
        assertEquals(0, r.status(), r.toString());
        return r;
    }

    @Test
    void theTableNamesEachCallsLineAndTheJsonGoesBesideTheProgram() throws Exception {
        ToolRun r = run("--comm-profile");
        assertTrue(r.err().contains("communication profile, 3 ranks (per rank: min/median/max; sorted by waiting time)"), r.toString());
        String halo = r.err().lines().filter(l -> l.startsWith("Halo.hpj:8 ")).findFirst().orElse("");
        assertTrue(halo.matches("Halo\\.hpj:8 +writeHalo +5/5/5 +5/5/10 .*"), "writeHalo: 5 calls, 5 messages on the end ranks, 10 in the middle:\n" + r);
        assertTrue(r.err().lines().anyMatch(l -> l.matches("Halo\\.hpj:9 +sum +1/1/1 .*")), r.toString());
        String json = Files.readString(dir.resolve(".hpjava-profile/Halo.json"));
        assertTrue(json.contains("{\"operation\": \"writeHalo\", \"file\": \"Halo.hpj\", \"line\": 8,"), json);
        assertTrue(json.contains("\"messages\": {\"min\": 5, \"median\": 5, \"max\": 10, \"perRank\": [5, 10, 5]}"), json);
        assertEquals("sum 0.0\n".repeat(3), r.out());
    }

    @Test
    void theJsonGoesWhereTheOptionSays() throws Exception {
        ToolRun r = run("--comm-profile=out.json");
        assertTrue(Files.readString(dir.resolve("out.json")).contains("\"ranks\": 3"), r.toString());
        assertTrue(r.err().contains("communication profile written to " + dir.resolve("out.json").toAbsolutePath()), r.toString());
    }
}

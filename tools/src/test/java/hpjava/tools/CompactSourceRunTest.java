package hpjava.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A Java 25 compact source file with an instance main, as a user writes it, through {@code hpjava run}. */
class CompactSourceRunTest {
    @TempDir
    Path dir;

    static final String PROGRAM = """
            import module java.base;

            final int n = 10;

            void main() {
              Procs1 p = new Procs1();
              on (p) {
                Range x = new BlockRange(n, p.dim(0));
                double [[-]] a = new double [[x]];
                overall (i = x for :) {
                  a[i] = i`;
                  try { Integer.parseInt("not a number"); } catch (NumberFormatException _) { a[i] += 1; }
                }
                double local = 0;
                overall (i = x for :) local += a[i];
                double total = Adlib.sum(a);
                IO.println("rank " + p.dim(0).crd() + " local " + local + " total " + total);
              }
            }
            """;

    @Test
    void hpjavaRunAcceptsAndRunsACompactSourceFile() throws Exception {
        Files.writeString(dir.resolve("Compact.hpj"), PROGRAM);
        ToolRun r = ToolRun.hpjavaJvm(dir, "run", "--np", "2", "-cp", ToolRun.programClassPath(), "Compact.hpj");
        assertEquals(0, r.status(), r.toString());
        // elements 0..9 plus 1 each: 55 in all; BlockRange gives rank 0 the elements 0..4 (15) and rank 1 5..9 (40)
        assertTrue(r.out().contains("rank 0 local 15.0 total 55.0"), r.toString());
        assertTrue(r.out().contains("rank 1 local 40.0 total 55.0"), r.toString());
    }
}

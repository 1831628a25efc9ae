package hpjava.bench.mpjdev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Runs the benchmark end to end on mt with a tiny plan and checks the documented output. Not a timing assertion. */
@Timeout(300)
class BenchRunTest {

    @Test
    void aTinySweepOnMtPrintsEveryPointInTheDocumentedFormat() throws Exception {
        Run r = run("--backend", "mt", "--np", "3", "--sizes", "0,8,4096", "--runs", "2", "--samples", "2",
                "--sample-ms", "1", "--warmup-ms", "5", "--window", "8");
        assertEquals(0, r.status, r.output);
        assertTrue(r.output.contains("# mpjdev-bench v1 backend=mt np=3 runs=2"), r.output);
        assertTrue(r.output.contains("# " + BenchResult.COLUMNS), r.output);
        List<BenchResult> rs = BenchResult.parseOutput(r.output);
        Set<String> got = new TreeSet<>();
        for (BenchResult x : rs) {
            got.add(x.test() + " " + x.kind() + " " + x.bytes());
            assertTrue(x.medianMicros() > 0 && x.minMicros() <= x.medianMicros() && x.medianMicros() <= x.maxMicros(), x.format());
            assertTrue(x.iterations() >= 1, x.format());
            assertEquals(x.test().equals("latency") ? 1 : 8, x.window(), x.format());
            assertEquals(x.bytes() / x.medianMicros(), x.megabytesPerSecond(), 0.01 + x.megabytesPerSecond() * 1e-3, x.format());
        }
        Set<String> want = new TreeSet<>();
        for (String t : List.of("latency", "bandwidth")) {
            for (String p : List.of("byte 0", "byte 8", "byte 4096", "double 0", "double 8", "double 4096", "object 0", "object 4096"))
                want.add(t + " " + p);
        }
        assertEquals(want, got, r.output);
    }

    @Test
    void theRawThreadsBaselineRunsTheSamePlanForPrimitiveArrays() throws Exception {
        Run r = run("--backend", "raw-threads", "--sizes", "8,4096", "--runs", "2", "--samples", "2", "--sample-ms", "1",
                "--warmup-ms", "5", "--window", "4");
        assertEquals(0, r.status, r.output);
        assertTrue(r.output.contains("# mpjdev-bench v1 backend=raw-threads"), r.output);
        assertTrue(r.output.contains("# raw-threads: objects are not measured"), r.output);
        Set<String> got = new TreeSet<>();
        for (BenchResult x : BenchResult.parseOutput(r.output)) {
            got.add(x.test() + " " + x.kind() + " " + x.bytes());
            assertTrue(x.medianMicros() > 0 && x.minMicros() <= x.medianMicros() && x.medianMicros() <= x.maxMicros(), x.format());
        }
        assertEquals(new TreeSet<>(List.of("bandwidth byte 4096", "bandwidth byte 8", "bandwidth double 4096", "bandwidth double 8",
                "latency byte 4096", "latency byte 8", "latency double 4096", "latency double 8")), got, r.output);

        Run objectsOnly = run("--backend", "raw-threads", "--kinds", "object");
        assertEquals(2, objectsOnly.status, objectsOnly.output);
        assertTrue(objectsOnly.output.contains("primitive arrays only"), objectsOnly.output);
    }

    @Test
    void aBadOptionExitsWithStatusTwoAndSaysWhy() throws Exception {
        Run r = run("--kinds", "int");
        assertEquals(2, r.status, r.output);
        assertTrue(r.output.contains("mpjdev-bench: --kinds: unknown value 'int'"), r.output);
        assertTrue(!r.output.contains("Exception"), r.output);
    }

    private record Run(int status, String output) {}

    private static Run run(String... args) {
        JobRun r = ChildProcess.java(List.of("-Xmx1g"), ChildProcess.testClassPath(), MpjdevBench.class.getName(), List.of(args))
                .describedAs("the benchmark").timeout(Duration.ofSeconds(240)).mergeStreams().run();
        return new Run(r.exitStatus(), r.output());
    }
}

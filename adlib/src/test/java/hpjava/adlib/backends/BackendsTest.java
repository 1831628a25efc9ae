package hpjava.adlib.backends;

import hpjava.testsupport.JobRun;
import hpjava.testsupport.Requires;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Adlib gives the same results on every backend and process count: {@link AdlibCheck} (every operation of docs/LANGUAGE.md#adlib,
 * each checked against a sequential reference inside the program) runs in child JVMs through
 * {@code hpjava.mpjdev.Launcher} on {@code mt}, {@code ucx} and {@code mpi} (on Open MPI and on MPICH: the labels
 * {@code mpi:openmpi} and {@code mpi:mpich} add {@code --option impl=...}) at np = 1, 2, 4. Asserted: exit status 0,
 * every case reported, rank 0's {@code case digest} lines of each backend equal to {@code mt}'s at the same np, the
 * digests of order-free cases (names without {@code ~}) equal at every np, and the text aprintf printed (on rank 0
 * only) hashing to the digest of the expected text. A backend that cannot run here is skipped with the reason, unless
 * {@code CI=true}, where that fails.
 */
@Tag("backends")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BackendsTest {

    static final Duration TIMEOUT = Duration.ofSeconds(150);
    static final Pattern CASE = Pattern.compile("(\\S+) ([0-9a-f]{16})");
    static final Pattern DONE = Pattern.compile("DONE (\\d+) cases (\\d+) ms");

    /** Parsed runs by "backend/np"; mt runs are the reference of the other backends. */
    static final Map<String, Result> RESULTS = new ConcurrentHashMap<>();

    /** Rank 0's case digests in order, and the wall time the program reported. */
    record Result(JobRun job, LinkedHashMap<String, String> digests, long programMillis) {}

    @ParameterizedTest(name = "{0} np={1}")
    @Order(1)
    @CsvSource({"mt,1", "mt,2", "mt,4", "ucx,1", "ucx,2", "ucx,4", "mpi:openmpi,1", "mpi:openmpi,2", "mpi:openmpi,4",
            "mpi:mpich,1", "mpi:mpich,2", "mpi:mpich,4"})
    void sameResultsAsMt(String backend, int np) {
        Result r = result(backend, np);
        if (backend.equals("mt")) return;
        Result mt = result("mt", np);
        List<String> diffs = new ArrayList<>();
        for (var e : mt.digests().entrySet()) {
            String got = r.digests().get(e.getKey());
            if (!e.getValue().equals(got)) diffs.add(e.getKey() + ": mt " + e.getValue() + ", " + backend + " " + got);
        }
        for (String k : r.digests().keySet()) if (!mt.digests().containsKey(k)) diffs.add(k + ": only on " + backend);
        if (!diffs.isEmpty())
            fail(diffs.size() + " case(s) differ between mt and " + backend + " at np=" + np + ":\n  " + String.join("\n  ", diffs)
                    + "\n" + r.job().describe());
    }

    @Test
    @Order(2)
    void orderFreeCasesAgreeAtEveryProcessCount() {
        Result one = result("mt", 1);
        List<String> diffs = new ArrayList<>();
        for (int np : new int[] {2, 4}) {
            Result r = result("mt", np);
            for (var e : one.digests().entrySet()) {
                if (e.getKey().startsWith("~")) continue;
                String got = r.digests().get(e.getKey());
                if (!e.getValue().equals(got)) diffs.add(e.getKey() + ": np=1 " + e.getValue() + ", np=" + np + " " + got);
            }
        }
        if (!diffs.isEmpty())
            fail(diffs.size() + " order-free case(s) differ between process counts on mt:\n  " + String.join("\n  ", diffs));
    }

    /** Runs (once) and checks one backend at one np, or skips it with the reason when the backend cannot run here. */
    static Result result(String backend, int np) {
        String key = backend + "/" + np;
        Result cached = RESULTS.get(key);
        if (cached != null) return cached;
        Requires.backend(backend);
        JobRun job = Job.run(backend, np, TIMEOUT);
        if (job.exitStatus() == 3) Requires.that("the " + backend + " backend", "the launcher says it cannot run here:\n" + job.output(), "");
        if (job.timedOut() || job.exitStatus() != 0) fail("AdlibCheck failed on " + job.describe());
        LinkedHashMap<String, String> digests = new LinkedHashMap<>();
        StringBuilder aprintf = new StringBuilder();
        long millis = -1;
        int done = -1;
        for (String line : job.linesOf(0)) {
            if (line.startsWith(AdlibCheck.APRINTF_MARK)) { aprintf.append(line).append('\n'); continue; }
            Matcher d = DONE.matcher(line);
            if (d.matches()) { done = Integer.parseInt(d.group(1)); millis = Long.parseLong(d.group(2)); continue; }
            Matcher m = CASE.matcher(line);
            if (m.matches() && digests.put(m.group(1), m.group(2)) != null) fail("case " + m.group(1) + " reported twice\n" + job.describe());
        }
        if (done < 0) fail("no DONE line from rank 0\n" + job.describe());
        if (done != digests.size()) fail("rank 0 reported " + digests.size() + " case lines but DONE says " + done + "\n" + job.describe());
        for (int rank = 1; rank < np; rank++)
            for (String line : job.linesOf(rank))
                if (line.startsWith(AdlibCheck.APRINTF_MARK)) fail("rank " + rank + " printed aprintf output: " + line + "\n" + job.describe());
        String apCase = digests.keySet().stream().filter(k -> k.startsWith("aprintf.")).findFirst()
                .orElseThrow(() -> new AssertionError("no aprintf case\n" + job.describe()));
        if (!digests.get(apCase).equals(Digest.of(aprintf.toString())))
            fail("the aprintf output of rank 0 is not the expected text:\n" + aprintf + "\n" + job.describe());
        System.out.printf("adlib backends: %s np=%d: %d cases, program %d ms, job %d ms%n", backend, np, done, millis, job.elapsed().toMillis());
        Result r = new Result(job, digests, millis);
        RESULTS.put(key, r);
        return r;
    }
}

package hpjava.mpjdev.conformance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What one conformance job did: its exit status, whether it timed out, every rank's result lines, the whole output
 * and (after a timeout) the thread dumps of its JVMs. Built by {@link Conformance#run(ConformanceRun)}.
 */
public final class ConformanceReport {
    private final ConformanceRun run;
    private final int exitStatus;
    private final boolean timedOut;
    private final String output;
    private final String threadDumps;
    private final Duration elapsed;
    private final List<CaseResult> results;

    ConformanceReport(ConformanceRun run, int exitStatus, boolean timedOut, String output, String threadDumps,
                      Duration elapsed) {
        this.run = run;
        this.exitStatus = exitStatus;
        this.timedOut = timedOut;
        this.output = output;
        this.threadDumps = threadDumps;
        this.elapsed = elapsed;
        List<CaseResult> rs = new ArrayList<>();
        output.lines().forEach(l -> ResultLine.parse(l).ifPresent(rs::add));
        this.results = List.copyOf(rs);
    }

    public ConformanceRun run() { return run; }

    /** Exit status of the launcher process; {@code -1} if it timed out and was killed. */
    public int exitStatus() { return exitStatus; }

    public boolean timedOut() { return timedOut; }

    /** Everything the job printed (stdout and stderr merged). */
    public String output() { return output; }

    /** Thread dumps of the job's JVMs taken when the time limit passed; empty otherwise. */
    public String threadDumps() { return threadDumps; }

    public Duration elapsed() { return elapsed; }

    /**
     * The lines rank {@code rank} printed, without their {@code [rank] } prefix (the helper launches with
     * {@code --prefix-output}); empty when the backend does not prefix.
     */
    public String outputOfRank(int rank) {
        String prefix = "[" + rank + "] ";
        StringBuilder sb = new StringBuilder();
        output.lines().filter(l -> l.startsWith(prefix)).forEach(l -> sb.append(l, prefix.length(), l.length()).append('\n'));
        return sb.toString();
    }

    /** The lines of the output that carry no rank prefix (the launcher's own reports, for example). */
    public String outputOfNoRank() {
        StringBuilder sb = new StringBuilder();
        output.lines().filter(l -> !RANK_PREFIX.matcher(l).lookingAt()).forEach(l -> sb.append(l).append('\n'));
        return sb.toString();
    }

    private static final java.util.regex.Pattern RANK_PREFIX = java.util.regex.Pattern.compile("\\[\\d+\\] ");

    /** Every result line, in output order. */
    public List<CaseResult> results() { return results; }

    /** The final status (PASS or FAIL) a rank reported for a case; START if it began and never finished. */
    public Optional<CaseResult.Status> outcome(String caseName, int rank) {
        CaseResult.Status s = null;
        for (CaseResult r : results) {
            if (r.rank() == rank && r.caseName().equals(caseName)) {
                if (r.status() != CaseResult.Status.START || s == null) s = r.status();
            }
        }
        return Optional.ofNullable(s);
    }

    /** The FAIL message a rank reported for a case, if any. */
    public Optional<String> failure(String caseName, int rank) {
        return results.stream().filter(r -> r.rank() == rank && r.caseName().equals(caseName)
                && r.status() == CaseResult.Status.FAIL).map(CaseResult::message).findFirst();
    }

    /** Every (case, rank) of the run that did not report PASS, one line each; empty when all passed. */
    public List<String> problems() {
        List<String> out = new ArrayList<>();
        for (String c : run.effectiveCases()) {
            for (int rank = 0; rank < run.np(); rank++) {
                Optional<CaseResult.Status> s = outcome(c, rank);
                if (s.isEmpty()) out.add(c + " @ rank " + rank + ": no result (not run)");
                else if (s.get() == CaseResult.Status.START) out.add(c + " @ rank " + rank + ": started, never finished");
                else if (s.get() == CaseResult.Status.FAIL)
                    out.add(c + " @ rank " + rank + ": FAIL " + failure(c, rank).orElse("").lines().findFirst().orElse(""));
            }
        }
        return out;
    }

    /** Each rank's state: its last reported case event (e.g. {@code order START}), or "no output". */
    public Map<Integer, String> rankStates() {
        Map<Integer, String> st = new TreeMap<>();
        for (int rank = 0; rank < run.np(); rank++) st.put(rank, "no output");
        for (CaseResult r : results) st.put(r.rank(), r.caseName() + " " + r.status());
        return st;
    }

    /** A readable account for an assertion message: summary, problems, rank states, output, thread dumps. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        sb.append("conformance job: ").append(run).append('\n');
        sb.append(timedOut ? "TIMED OUT after " + run.timeout().toSeconds() + " s (job killed)"
                : "exit status " + exitStatus).append(", ").append(elapsed.toMillis()).append(" ms\n");
        List<String> problems = problems();
        if (!problems.isEmpty()) {
            sb.append("problems (").append(problems.size()).append("):\n");
            problems.stream().limit(64).forEach(p -> sb.append("  ").append(p).append('\n'));
            if (problems.size() > 64) sb.append("  ... ").append(problems.size() - 64).append(" more\n");
        }
        Map<Integer, String> states = rankStates();
        Map<String, List<Integer>> byState = new LinkedHashMap<>();
        states.forEach((rank, s) -> byState.computeIfAbsent(s, k -> new ArrayList<>()).add(rank));
        sb.append("rank states (last event):\n");
        byState.forEach((s, ranks) -> sb.append("  ").append(s).append(": ranks ").append(ranges(ranks)).append('\n'));
        // Each rank's output: the ranks with a problem first (at most 16 of them), then the launcher's own lines.
        java.util.Set<Integer> bad = new java.util.TreeSet<>();
        for (String c : run.effectiveCases()) {
            for (int rank = 0; rank < run.np(); rank++) {
                if (outcome(c, rank).filter(x -> x == CaseResult.Status.PASS).isEmpty()) bad.add(rank);
            }
        }
        boolean prefixed = RANK_PREFIX.matcher(output).find();
        if (!prefixed || run.np() <= 8) {
            for (int rank = 0; prefixed && rank < run.np(); rank++) appendRank(sb, rank);
            if (prefixed) sb.append("---- output outside any rank ----\n").append(tail(outputOfNoRank(), 100_000));
            else sb.append("---- output of all ranks ----\n").append(tail(output, 200_000));
        } else {
            bad.stream().limit(16).forEach(rank -> appendRank(sb, rank));
            if (bad.size() > 16) sb.append("(output of ").append(bad.size() - 16).append(" more ranks with problems left out)\n");
            sb.append("---- output outside any rank ----\n").append(tail(outputOfNoRank(), 100_000));
        }
        if (!threadDumps.isEmpty()) sb.append("\n---- thread dumps at timeout ----\n").append(tail(threadDumps, 400_000));
        return sb.toString();
    }

    private void appendRank(StringBuilder sb, int rank) {
        sb.append("---- output of rank ").append(rank).append(" ----\n").append(tail(outputOfRank(rank), 50_000));
    }

    private static String tail(String s, int max) {
        return s.length() <= max ? s : "... (" + (s.length() - max) + " characters cut)\n" + s.substring(s.length() - max);
    }

    private static String ranges(List<Integer> ranks) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < ranks.size(); ) {
            int j = i;
            while (j + 1 < ranks.size() && ranks.get(j + 1) == ranks.get(j) + 1) j++;
            if (sb.length() > 0) sb.append(',');
            sb.append(ranks.get(i));
            if (j > i) sb.append('-').append(ranks.get(j));
            i = j + 1;
        }
        return sb.toString();
    }
}

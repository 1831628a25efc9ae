package hpjava.testsupport;

import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a {@link ChildProcess} did. {@code exitStatus} is -1 when it timed out; {@code threadDumps} is empty unless it
 * timed out. A job launched with {@code --prefix-output} starts each rank's lines with {@code [rank] }: {@link
 * #linesOf(int)} and {@link #outputByRank()} split the output by rank.
 */
public record JobRun(String description, List<String> command, int exitStatus, boolean timedOut, Duration timeout,
                     Duration elapsed, String stdout, String stderr, String threadDumps) {

    /** Lines of each rank shown by {@link #describe()} (the last ones). */
    public static final int DESCRIBED_LINES = 200;

    private static final Pattern RANK_PREFIX = Pattern.compile("^\\[(\\d+)\\] ?(.*)$");
    /** The key of {@link #outputByRank()} for lines that carry no rank prefix (the launcher's own). */
    public static final String OUTSIDE_RANKS = "job";
    /** Ranks in numeric order, then the lines outside any rank. */
    private static final java.util.Comparator<String> BY_RANK = java.util.Comparator.comparingInt(
            (String k) -> k.equals(OUTSIDE_RANKS) ? Integer.MAX_VALUE : Integer.parseInt(k.substring(5)));

    public JobRun {
        command = List.copyOf(command);
    }

    /** Stdout followed by stderr (with merged streams: everything, in order). */
    public String output() {
        return stderr.isEmpty() ? stdout : stdout + stderr;
    }

    /** The lines rank {@code rank} printed (stdout, then stderr), without their {@code [rank] } prefix. */
    public List<String> linesOf(int rank) {
        return outputByRank().getOrDefault(rankKey(rank), List.of());
    }

    /** Output lines grouped by rank ("rank 0", "rank 1", ... and {@link #OUTSIDE_RANKS}), prefixes removed. */
    public Map<String, List<String>> outputByRank() {
        Map<String, List<String>> m = new TreeMap<>(BY_RANK);
        for (String text : List.of(stdout, stderr)) {
            for (String line : text.split("\n", -1)) {
                if (line.isEmpty()) continue;
                Matcher r = RANK_PREFIX.matcher(line);
                String who = r.matches() ? rankKey(Integer.parseInt(r.group(1))) : OUTSIDE_RANKS;
                m.computeIfAbsent(who, k -> new ArrayList<>()).add(r.matches() ? r.group(2) : line);
            }
        }
        return m;
    }

    /**
     * Everything known about the run, for an assertion message: what ran, its status or the timeout, the elapsed
     * time, the command, the last {@value #DESCRIBED_LINES} lines of each rank, and the thread dumps after a timeout.
     */
    public String describe() {
        StringBuilder sb = new StringBuilder(description).append(": ");
        if (timedOut) sb.append("TIMED OUT: did not end within ").append(seconds(timeout));
        else sb.append("exit status ").append(exitStatus);
        sb.append(" (elapsed ").append(seconds(elapsed)).append(")\ncommand: ").append(shortCommand(command)).append('\n');
        Map<String, List<String>> byRank = outputByRank();
        if (byRank.isEmpty()) sb.append("---- no output\n");
        for (Map.Entry<String, List<String>> e : byRank.entrySet()) {
            List<String> lines = e.getValue();
            int from = Math.max(0, lines.size() - DESCRIBED_LINES);
            sb.append("---- last lines of ").append(e.getKey().equals(OUTSIDE_RANKS) ? "the output outside any rank" : e.getKey())
                    .append(from > 0 ? " (" + (lines.size() - from) + " of " + lines.size() + ")" : "").append(":\n");
            for (String l : lines.subList(from, lines.size())) sb.append("  ").append(l).append('\n');
        }
        if (!threadDumps.isEmpty()) sb.append("---- thread dumps of the job's JVMs:\n").append(threadDumps);
        return sb.toString();
    }

    @Override
    public String toString() {
        return describe();
    }

    private static String rankKey(int rank) {
        return "rank " + rank;
    }

    private static String seconds(Duration d) {
        return String.format(java.util.Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }

    /** The command for messages, with a long class path shortened to its number of entries. */
    static String shortCommand(List<String> command) {
        List<String> shown = new ArrayList<>(command);
        for (int i = 0; i + 1 < shown.size(); i++) {
            String cp = shown.get(i + 1);
            if ((shown.get(i).equals("-cp") || shown.get(i).equals("-classpath")) && cp.length() > 200)
                shown.set(i + 1, "<class path of " + cp.split(File.pathSeparator).length + " entries>");
        }
        return String.join(" ", shown);
    }
}

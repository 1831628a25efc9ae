package hpjava.mpjdev.mpi;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.IntPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recognises, line by line, what the MPI implementation prints when a rank calls {@code MPI_Abort}, so that the
 * launcher can leave it out after the rank's own failure report: it only repeats, in worse words, what that report
 * said. Left out are exactly:
 * <ul>
 * <li>Open MPI's mpirun: the help block between two lines of dashes, {@code MPI_ABORT was invoked on rank R in
 *     communicator MPI_COMM_WORLD / with errorcode E. / / NOTE: invoking MPI_ABORT causes Open MPI to kill all MPI
 *     processes. / ...}, and after such a block its aggregation lines {@code [host:pid] N more processes have sent
 *     help message help-mpi-api.txt / mpi-abort} and {@code [host:pid] Set MCA parameter "orte_base_help_aggregate"
 *     to 0 to see all help / error messages}; and {@code [host:pid] [[job,0],0] ORTE_ERROR_LOG: ... in file
 *     .../orte/util/show_help.c at line N}, which mpirun prints instead of the block when the aborting rank's help
 *     message reaches it cut off (seen in 3 of 8 aborted jobs at np 4: "Data unpack would read past end of buffer",
 *     "Out of resource"; it names no rank, so it is left out once any report has been printed);</li>
 * <li>MPICH: the aborting rank's {@code Abort(E) on node N (rank R in comm C): application called
 *     MPI_Abort(MPI_COMM_WORLD, E) - process R}.</li>
 * </ul>
 * and only when rank R's report has been printed ({@code reported}: the launcher acknowledged it, which is what lets
 * the rank call {@code MPI_Abort}): an {@code MPI_Abort} that a program makes itself, through the C library, still
 * shows, and so does everything else (slots, launch errors, a rank killed by a signal, MPICH's "BAD TERMINATION").
 * Lines are given with their newline (or without, the last one), as ISO-8859-1 text of the original bytes. Not
 * thread-safe.
 */
final class AbortNotices {
    private static final Pattern DASHES = Pattern.compile("-{20,}");
    /** Open MPI's help block (help-mpi-api.txt, mpi-abort), line by line; group 1 of the second line is the rank. */
    private static final Pattern[] OPENMPI_BLOCK = {
        DASHES,
        Pattern.compile("MPI_ABORT was invoked on rank (\\d+) in communicator MPI_COMM_WORLD"),
        Pattern.compile("with errorcode -?\\d+\\."),
        Pattern.compile(""),
        Pattern.compile("NOTE: invoking MPI_ABORT causes Open MPI to kill all MPI processes\\."),
        Pattern.compile("You may or may not see output from other processes, depending on"),
        Pattern.compile("exactly when Open MPI kills them\\."),
        DASHES,
    };
    private static final Pattern OPENMPI_MORE = Pattern.compile(
            "\\[[^\\]]*\\] \\d+ more process(es)? ha(s|ve) sent help message help-mpi-api\\.txt / mpi-abort");
    private static final Pattern OPENMPI_AGGREGATE = Pattern.compile(
            "\\[[^\\]]*\\] Set MCA parameter \"orte_base_help_aggregate\" to 0 to see all help / error messages");
    private static final Pattern OPENMPI_HELP_CUT = Pattern.compile(
            "\\[[^\\]]*\\] \\[\\[\\d+,\\d+\\],\\d+\\] ORTE_ERROR_LOG: .* in file \\S*orte/util/show_help\\.c at line \\d+");
    private static final Pattern MPICH_ABORT = Pattern.compile("Abort\\(-?\\d+\\) on node \\d+ \\(rank (\\d+) in comm \\d+\\):"
            + " application called MPI_Abort\\(MPI_COMM_WORLD, -?\\d+\\) - process \\d+");

    private final BooleanSupplier anyReported;
    private final IntPredicate reported;
    private final List<String> held = new ArrayList<>();
    private boolean blockLeftOut, moreLeftOut;

    /**
     * {@code reported}: whether rank R's failure report has been printed by the launcher; {@code anyReported}:
     * whether any rank's has. Until one has, every line passes at once.
     */
    AbortNotices(BooleanSupplier anyReported, IntPredicate reported) {
        this.anyReported = anyReported;
        this.reported = reported;
    }

    /** Whether a partial line {@code start} must wait for its end before it may pass (it could begin a notice). */
    boolean mayHold(String start) {
        if (!held.isEmpty()) return true;
        if (!anyReported.getAsBoolean()) return false;
        String s = start.endsWith("\r") ? start.substring(0, start.length() - 1) : start;
        return !s.isEmpty() && ("-".repeat(s.length()).equals(s) || "Abort(".startsWith(s) || s.startsWith("Abort(")
                || s.startsWith("["));
    }

    /** Takes the next line; returns the lines to print now (none while a block may be forming, or when left out). */
    List<String> offer(String line) {
        List<String> out = new ArrayList<>();
        offer(line, out);
        return out;
    }

    /** The lines held at the end of the stream: an unfinished block is printed as it came. */
    List<String> end() {
        List<String> out = new ArrayList<>(held);
        held.clear();
        return out;
    }

    private void offer(String line, List<String> out) {
        String text = strip(line);
        if (!held.isEmpty()) {
            if (OPENMPI_BLOCK[held.size()].matcher(text).matches()) {
                held.add(line);
                if (held.size() == OPENMPI_BLOCK.length) endOfBlock(out);
                return;
            }
            out.addAll(held);   // not the block after all: as it came, and the line may begin one
            held.clear();
        }
        boolean more = moreLeftOut;
        moreLeftOut = false;
        if (!anyReported.getAsBoolean()) {
            out.add(line);
        } else if (DASHES.matcher(text).matches()) {
            held.add(line);
        } else if (leftOut(MPICH_ABORT.matcher(text)) || OPENMPI_HELP_CUT.matcher(text).matches()) {
            return;
        } else if (blockLeftOut && OPENMPI_MORE.matcher(text).matches()) {
            moreLeftOut = true;
        } else if (!(more && OPENMPI_AGGREGATE.matcher(text).matches())) {
            out.add(line);
        }
    }

    private void endOfBlock(List<String> out) {
        Matcher m = OPENMPI_BLOCK[1].matcher(strip(held.get(1)));
        if (m.matches() && reportedRank(m.group(1))) blockLeftOut = true;
        else out.addAll(held);
        held.clear();
    }

    private boolean leftOut(Matcher m) {
        return m.matches() && reportedRank(m.group(1));
    }

    private boolean reportedRank(String digits) {
        try {
            return reported.test(Integer.parseInt(digits));
        } catch (NumberFormatException e) {
            return false;   // no rank of this job
        }
    }

    private static String strip(String line) {
        int end = line.length();
        if (end > 0 && line.charAt(end - 1) == '\n') end--;
        if (end > 0 && line.charAt(end - 1) == '\r') end--;
        return line.substring(0, end);
    }
}

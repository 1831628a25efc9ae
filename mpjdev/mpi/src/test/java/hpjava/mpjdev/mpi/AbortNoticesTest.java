package hpjava.mpjdev.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the launcher leaves out of the MPI launcher's errors after a failure report ({@link AbortNotices}). */
class AbortNoticesTest {
    private static final String DASHES = "-".repeat(74) + "\n";
    private static final String OPENMPI_BLOCK = DASHES
            + "MPI_ABORT was invoked on rank 1 in communicator MPI_COMM_WORLD\n"
            + "with errorcode 1.\n"
            + "\n"
            + "NOTE: invoking MPI_ABORT causes Open MPI to kill all MPI processes.\n"
            + "You may or may not see output from other processes, depending on\n"
            + "exactly when Open MPI kills them.\n"
            + DASHES;
    private static final String OPENMPI_MORE = "[vm:4242] 1 more process has sent help message help-mpi-api.txt / mpi-abort\n"
            + "[vm:4242] Set MCA parameter \"orte_base_help_aggregate\" to 0 to see all help / error messages\n";
    private static final String OPENMPI_CUT = "[vm:28477] [[963,0],0] ORTE_ERROR_LOG: Out of resource in file"
            + " ../../../orte/util/show_help.c at line 501\n";
    private static final String MPICH_ABORT = "Abort(1) on node 1 (rank 1 in comm 0): application called"
            + " MPI_Abort(MPI_COMM_WORLD, 1) - process 1\n";
    private static final String SLOTS = DASHES
            + "There are not enough slots available in the system to satisfy the 4\n"
            + "slots that were requested by the application:\n"
            + DASHES;

    @Test
    void openMpisAbortBlockAndItsAggregationLinesAreLeftOutAfterTheRanksReport() {
        assertEquals("before\nafter\n", filter(Set.of(1), "before\n" + OPENMPI_BLOCK + OPENMPI_MORE + "after\n"));
        assertEquals("", filter(Set.of(1), OPENMPI_CUT));
    }

    @Test
    void mpichsAbortLineIsLeftOutAfterTheRanksReport() {
        assertEquals("x\n", filter(Set.of(1), MPICH_ABORT + "x\n"));
    }

    @Test
    void anAbortOfARankThatReportedNothingStillShows() {
        // the program called MPI_Abort itself, or another rank did: the notice is the only word about it
        assertEquals(OPENMPI_BLOCK + OPENMPI_MORE, filter(Set.of(0), OPENMPI_BLOCK + OPENMPI_MORE));
        assertEquals(MPICH_ABORT, filter(Set.of(0), MPICH_ABORT));
        assertEquals(OPENMPI_BLOCK + OPENMPI_CUT + MPICH_ABORT, filter(Set.of(), OPENMPI_BLOCK + OPENMPI_CUT + MPICH_ABORT));
    }

    @Test
    void everyOtherMessageShowsEvenAfterAReport() {
        String other = SLOTS + DASHES + "a line of dashes, then other text\n" + DASHES
                + "===   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES\n"
                + "[vm:1] 2 more processes have sent help message help-orte-runtime.txt / x\n";
        assertEquals(other, filter(Set.of(1), other));
        assertEquals(OPENMPI_MORE, filter(Set.of(1), OPENMPI_MORE), "aggregation lines of no block left out");
        String cut = OPENMPI_BLOCK.substring(0, OPENMPI_BLOCK.indexOf("NOTE"));
        assertEquals(cut, filter(Set.of(1), cut), "an unfinished block, as it came");
    }

    @Test
    void aPartialLineIsHeldOnlyWhenItCouldBeginANoticeAfterAReport() {
        AbortNotices n = new AbortNotices(() -> true, r -> true);
        assertEquals(List.of(false, true, true, true), List.of(n.mayHold("prompt> "), n.mayHold("---"), n.mayHold("Abo"),
                n.mayHold("[vm:1] ")));
        assertEquals(false, new AbortNotices(() -> false, r -> true).mayHold("---"), "before any report");
    }

    /** {@code text} through a {@link LauncherErrors} whose reported ranks are {@code reported}. */
    private static String filter(Set<Integer> reported, String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new LauncherErrors(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), out,
                new AbortNotices(() -> !reported.isEmpty(), reported::contains)).copy();
        return out.toString(StandardCharsets.UTF_8);
    }
}

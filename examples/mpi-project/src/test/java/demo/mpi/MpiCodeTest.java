package demo.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import hpjava.junit.HpjavaJob;
import hpjava.junit.HpjavaRank;
import hpjava.junit.HpjavaTest;
import java.util.List;
import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.Test;

/** Tests of MPI code, each run as an MPI job (mt: the ranks are threads of this JVM; -Pnative-backends adds mpi, ucx). */
class MpiCodeTest {

    @HpjavaTest(np = 4)
    void piIsPiOnFourProcesses(HpjavaRank rank) throws MPIException {
        assertEquals(Math.PI, Pi.compute(100_000), 1e-9);
    }

    @HpjavaTest(np = {1, 2, 4})
    void theTokenCollectsEveryRank(HpjavaRank rank) throws MPIException {
        int expected = 100 + rank.np() * (rank.np() - 1) / 2;
        int got = Ring.pass(100);
        if (rank.rank() == 0) assertEquals(expected, got);
        assertEquals(rank.rank(), MPI.COMM_WORLD.getRank());
    }

    @Test
    void ranksReturnWhatTheyReceived() {
        List<Integer> got = HpjavaJob.np(3).call(r -> Ring.pass(7));
        assertEquals(List.of(10, 8, 10), got);
    }

    @HpjavaTest(np = 2)
    void aWrongRankIsAnMpiExceptionWithItsClass(HpjavaRank rank) {
        MPIException e = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.send(new int[1], 1, MPI.INT, 5, 0));
        assertEquals(MPI.ERR_RANK, e.getErrorClass());
        assertTrue(e.getMessage().contains("dest 5"), e.getMessage());
    }
}

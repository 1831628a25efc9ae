package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.Packing;
import hpjava.mpi.spi.TypeLayout;
import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import org.junit.jupiter.api.Test;

/** Type maps of the derived datatypes, the buffer checks, and packing, without a job (no rank is needed). */
class DatatypeLayoutTest {

    @Test
    void vectorOfVectorsHasTheMapOfASubmatrix() throws MPIException {
        Datatype row = Datatype.createVector(2, 3, 5, MPI.INT);
        Datatype block = Datatype.createHVector(2, 1, 10, row);
        block.commit();
        TypeLayout t = block.layoutForUse("test");
        int[] m = new int[30];
        for (int i = 0; i < m.length; i++) m[i] = i;
        int[] packed = (int[]) Packing.gather(new Data(m, 0, 1, t));
        assertArrayEquals(new int[] {0, 1, 2, 5, 6, 7, 10, 11, 12, 15, 16, 17}, packed);
        assertEquals(18, block.getExtent());
        assertEquals(12, block.getSize());
    }

    @Test
    void resizedAndNegativeLowerBoundsShiftItems() throws MPIException {
        Datatype shifted = Datatype.createResized(Datatype.createIndexed(new int[] {1}, new int[] {2}, MPI.DOUBLE), -1, 4);
        shifted.commit();
        assertEquals(-1, shifted.getLb());
        assertEquals(2, shifted.getTrueLb());
        double[] a = new double[12];
        for (int i = 0; i < a.length; i++) a[i] = i;
        double[] packed = (double[]) Packing.gather(ArgumentChecks.data("test", a, 0, 3, shifted));
        assertArrayEquals(new double[] {2, 6, 10}, packed);
        MPIException e = assertThrows(MPIException.class, () -> ArgumentChecks.data("test", a, 0, 4, shifted));
        assertEquals(MPI.ERR_BUFFER, e.getErrorClass());
    }

    @Test
    void directBuffersAreCheckedAgainstTheirCapacityInElements() throws MPIException {
        DoubleBuffer d = MPI.newDoubleBuffer(4);
        ArgumentChecks.data("test", d, 0, 4, MPI.DOUBLE);
        assertEquals(MPI.ERR_BUFFER, assertThrows(MPIException.class, () -> ArgumentChecks.data("test", d, 1, 4, MPI.DOUBLE)).getErrorClass());
        ByteBuffer b = MPI.newByteBuffer(16);
        ArgumentChecks.data("test", b, 0, 2, MPI.DOUBLE);
        assertEquals(MPI.ERR_BUFFER, assertThrows(MPIException.class, () -> ArgumentChecks.data("test", b, 0, 3, MPI.DOUBLE)).getErrorClass());
    }

    @Test
    void packedStructsRoundTripInNativeOrder() throws MPIException {
        Datatype s = Datatype.createStruct(new int[] {1, 2}, new int[] {0, 8}, new Datatype[] {MPI.INT, MPI.DOUBLE});
        s.commit();
        ByteBuffer in = MPI.newByteBuffer(24).putInt(0, 7).putDouble(8, 1.5).putDouble(16, -2.5);
        byte[] packed = (byte[]) Packing.gather(ArgumentChecks.data("test", in, 0, 1, s));
        assertEquals(20, packed.length);
        ByteBuffer out = MPI.newByteBuffer(24);
        Packing.scatter(packed, packed.length, ArgumentChecks.data("test", out, 0, 1, s));
        assertEquals(7, out.getInt(0));
        assertEquals(1.5, out.getDouble(8));
        assertEquals(-2.5, out.getDouble(16));
    }

    @Test
    void groupsAreSetsOfWorldRanks() throws MPIException {
        Group g = new Group(new int[] {4, 1, 3});
        assertArrayEquals(new int[] {3, 4}, g.incl(new int[] {2, 0}).members());
        assertArrayEquals(new int[] {1}, Group.difference(g, new Group(new int[] {3, 4})).members());
        assertArrayEquals(new int[] {MPI.UNDEFINED, 1}, Group.translateRanks(g, new int[] {1, 2}, new Group(new int[] {4, 3})));
        assertArrayEquals(new int[] {4, 3}, g.rangeExcl(new int[][] {{1, 1, 1}}).members());
        int[] dims = {0, 3, 0};
        CartComm.createDims(24, dims);
        assertArrayEquals(new int[] {4, 3, 2}, dims);
    }
}

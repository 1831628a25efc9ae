package hpjava.io;

import hpjava.adlib.Spmd;

import hpjava.lang.*;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

/** Round trips through .npy files: every element type, rank 0..3, every range kind, np 1..4 on mt. */
class ArrayIOTest {
    static final int[][] SHAPES = {{}, {13}, {7, 5}, {5, 4, 3}};
    static final Duration TIMEOUT = Duration.ofMinutes(3);

    @TempDir Path dir;

    /** Write in one distribution, read into another (the next kind), compare with the formula; the source unchanged. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void everyTypeRankAndRangeKind(int np) {
        Spmd.run(np, TIMEOUT, (rank, n) -> {
            for (int[] shape : SHAPES) {
                Procs p = new Procs(Procs.nearCubicShape(n, Math.max(1, Math.min(2, shape.length))));
                for (String type : Arrays.TYPES)
                    for (int kind = 0; kind < Arrays.KINDS; kind++) {
                        String what = type + " " + java.util.Arrays.toString(shape) + " kind " + kind + " np " + n;
                        Spmd.note(what);
                        Path f = dir.resolve("a-" + n + ".npy");
                        Multiarray a = Arrays.create(type, p, kind, shape);
                        Arrays.fillStorage(a, Arrays.sentinel(type));
                        Arrays.fillValues(a);
                        ArrayIO.write(f, a);
                        Multiarray b = Arrays.create(type, p, (kind + 1) % Arrays.KINDS, shape);
                        ArrayIO.read(f, b);
                        assertNull(Arrays.check(b, what + " read back"));
                        assertNull(Arrays.check(a, what + " source after write"));
                        if (rank == 0) assertEquals(npySize(type, shape), Files.size(f), what + ": file size");
                    }
            }
        });
    }

    /** Header plus data: the header of a rank <= 3 array is 64 or 128 bytes (aligned to 64). */
    static long npySize(String type, int[] shape) {
        long n = 1;
        for (int s : shape) n *= s;
        return NpyHeader.encode(Dtype.ofJava(type), shape).length + n * Dtype.ofJava(type).bytes;
    }

    /** Replicated arrays (a grid axis no range uses) and arrays on a subgroup, in and out. */
    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void replicatedAndSubgroupArrays(int np) {
        Spmd.run(np, TIMEOUT, (rank, n) -> {
            Procs2 p = new Procs2();
            Path f = dir.resolve("r.npy");
            // 1-D over axis 0 of a 2-D grid: replicated along axis 1; every copy holds the values and receives them.
            Multiarray rep = Arrays.create("double", p, new CyclicRange(9, p.dim(0)));
            Arrays.fillValues(rep);
            ArrayIO.write(f, rep);
            assertEquals(npySize("double", new int[] {9}), Files.size(f));
            Multiarray rep2 = Arrays.create("double", p, new BlockRange(9, p.dim(0)));
            ArrayIO.read(f, rep2);
            assertNull(Arrays.check(rep2, "replicated read"));
            // On the subgroup of grid column 0 (a row of processes when the grid has 2 columns).
            Group sub = p.restrict(p.dim(1), 0);
            Multiarray part = Arrays.create("int", sub, new ExtBlockRange(6, p.dim(0), 1), new CollapsedRange(4));
            Arrays.fillValues(part);
            ArrayIO.write(f, part);
            Multiarray whole = Arrays.create("int", p, new BlockRange(6, p.dim(0)), new CyclicRange(4, p.dim(1)));
            ArrayIO.read(f, whole);
            assertNull(Arrays.check(whole, "subgroup array read into the whole grid"));
            // A section: every other row of a larger array, written and read through the section.
            Multiarray big = Arrays.create("long", p, new BlockCyclicRange(11, p.dim(0), 2), new BlockRange(5, p.dim(1)));
            Multiarray sec = ((LongMultiarray) big).section(Triplet.of(1, 9, 2), Triplet.all());
            Arrays.fillValues(sec);
            ArrayIO.write(f, sec);
            Multiarray back = Arrays.create("long", p, new BlockRange(5, p.dim(0)), new BlockRange(5, p.dim(1)));
            ArrayIO.read(f, back);
            assertNull(Arrays.check(back, "section"));
        });
    }

    /** A file written at np 4 is read at np 1 and np 3 with the same values. */
    @Test
    void writtenAtFourReadAtOneAndThree() {
        Path f = dir.resolve("w4.npy");
        Spmd.run(4, TIMEOUT, (rank, n) -> {
            Procs2 p = new Procs2();
            Multiarray a = Arrays.create("double", p, new ExtBlockRange(17, p.dim(0), 1), new CyclicRange(10, p.dim(1)));
            Arrays.fillValues(a);
            ArrayIO.write(f, a);
        });
        for (int np : new int[] {1, 3})
            Spmd.run(np, TIMEOUT, (rank, n) -> {
                Procs1 p = new Procs1();
                Multiarray b = Arrays.create("double", p, new BlockCyclicRange(17, p.dim(0), 3), new CollapsedRange(10));
                ArrayIO.read(f, b);
                assertNull(Arrays.check(b, "np " + n));
            });
    }

    @Test
    void objectArraysAreRefusedOnEveryRank() {
        Spmd.run(2, TIMEOUT, (rank, n) -> {
            Procs1 p = new Procs1();
            ObjectMultiarray<String> a = new ObjectMultiarray<>(p, new BlockRange(4, p.dim(0)));
            ArrayIOException e = assertThrows(ArrayIOException.class, () -> ArrayIO.write(dir.resolve("o.npy"), a));
            assertTrue(e.getMessage().contains("cannot store Object elements"), e.getMessage());
        });
    }
}

package hpjava.io;

import hpjava.adlib.Spmd;

import hpjava.lang.*;
import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;
import hpjava.testsupport.Requires;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * NumPy itself reads the files written at np 4 (every element type, identical values) and writes files that are read
 * at np 3. Uses Debian's {@code /usr/bin/python3} with {@code python3-numpy} (bin/test-all installs it; another
 * python earlier on the PATH may lack NumPy). Without NumPy the test is skipped, except under {@code CI=true}.
 */
class NumpyTest {
    static final String PYTHON = "/usr/bin/python3";
    @TempDir Path dir;

    /** The formulas of {@link Arrays#value}, in NumPy, for C-order index array k. */
    static final String FORMULAS = """
            import numpy as np, sys
            def value(t, k):
                return {'boolean': lambda: k % 3 == 0, 'byte': lambda: (k % 200 - 100).astype('i1'),
                        'char': lambda: (k + 40).astype('u2'), 'short': lambda: (k * 3 - 50).astype('i2'),
                        'int': lambda: (k * 7 - 100).astype('i4'), 'long': lambda: k * 1000003 - 7,
                        'float': lambda: (k * 0.25 - 1).astype('f4'), 'double': lambda: k * 0.5 - 3 + 1e-3 * (k % 7)}[t]()
            DTYPE = {'boolean': '|b1', 'byte': '|i1', 'char': '<u2', 'short': '<i2', 'int': '<i4', 'long': '<i8',
                     'float': '<f4', 'double': '<f8'}
            """;

    @Test
    void numpyReadsWhatWeWriteAndWeReadWhatNumpyWrites() throws Exception {
        assumeNumpy();
        Spmd.run(4, Duration.ofMinutes(2), (rank, np) -> {
            Procs2 p = new Procs2();
            for (String t : Arrays.TYPES) {
                Multiarray a = Arrays.create(t, p, new ExtBlockRange(9, p.dim(0), 1), new BlockCyclicRange(6, p.dim(1), 2));
                Arrays.fillValues(a);
                ArrayIO.write(dir.resolve(t + ".npy"), a);
            }
        });
        python(FORMULAS + """
                d = sys.argv[1]
                for t in DTYPE:
                    a = np.load(d + '/' + t + '.npy')
                    want = value(t, np.arange(54, dtype='i8')).reshape(9, 6)
                    assert a.dtype == np.dtype(DTYPE[t]), (t, a.dtype)
                    assert a.shape == (9, 6), (t, a.shape)
                    assert np.array_equal(a, want), (t, a, want)
                k = np.arange(21, dtype='i8')
                np.save(d + '/py-double.npy', value('double', k).reshape(3, 7))
                np.save(d + '/py-int.npy', value('int', np.arange(4, dtype='i8')))
                np.save(d + '/py-boolean.npy', value('boolean', np.arange(6, dtype='i8')).reshape(2, 3))
                np.save(d + '/py-big.npy', value('double', k).reshape(3, 7).astype('>f8'))
                np.save(d + '/py-fortran.npy', np.asfortranarray(value('double', k).reshape(3, 7)))
                print('numpy ok')
                """);
        Spmd.run(3, Duration.ofMinutes(2), (rank, np) -> {
            Procs1 p = new Procs1();
            Multiarray d = Arrays.create("double", p, new CyclicRange(3, p.dim(0)), new CollapsedRange(7));
            ArrayIO.read(dir.resolve("py-double.npy"), d);
            assertNull(Arrays.check(d, "NumPy float64"));
            Multiarray big = Arrays.create("double", p, new BlockRange(3, p.dim(0)), new CollapsedRange(7));
            ArrayIO.read(dir.resolve("py-big.npy"), big);
            assertNull(Arrays.check(big, "NumPy big-endian float64"));
            Multiarray i = Arrays.create("int", p, new BlockCyclicRange(4, p.dim(0), 1));
            ArrayIO.read(dir.resolve("py-int.npy"), i);
            assertNull(Arrays.check(i, "NumPy int32"));
            Multiarray z = Arrays.create("boolean", p, new CollapsedRange(2), new BlockRange(3, p.dim(0)));
            ArrayIO.read(dir.resolve("py-boolean.npy"), z);
            assertNull(Arrays.check(z, "NumPy bool"));
            BadFileTest.expect(d, dir.resolve("py-fortran.npy"), "in Fortran order");
        });
    }

    void python(String script) throws Exception {
        Path f = Files.createTempFile("hpjava-numpy", ".py");
        Files.writeString(f, script);
        JobRun r = ChildProcess.of(PYTHON, f.toString(), dir.toString()).describedAs("the NumPy check")
                .timeout(Duration.ofSeconds(60)).mergeStreams().run();
        assertEquals(0, r.exitStatus(), "NumPy check failed:\n" + r.output());
        assertTrue(r.output().contains("numpy ok"), r.output());
    }

    private static void assumeNumpy() {
        String problem = !Files.isExecutable(Path.of(PYTHON)) ? PYTHON + " is missing"
                : ChildProcess.of(PYTHON, "-c", "import numpy").timeout(Duration.ofSeconds(60)).mergeStreams().run()
                        .exitStatus() != 0 ? PYTHON + " -c 'import numpy' fails" : null;
        Requires.that("NumPy for " + PYTHON, problem, "apt-get install python3-numpy (bin/test-all installs it)");
    }
}

package hpjava.bench.mpjdev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;

import org.junit.jupiter.api.Test;

class BenchOptionsTest {

    @Test
    void defaultsSweepOneByteToFourMebibytes() {
        BenchOptions o = BenchOptions.parse(new String[0]);
        assertEquals("mt", o.backend());
        assertEquals(2, o.np());
        assertEquals(23, o.sizes().length);
        assertEquals(1, o.sizes()[0]);
        assertEquals(4L << 20, o.sizes()[22]);
        assertEquals(EnumSet.allOf(Kind.class), o.kinds());
    }

    @Test
    void optionsSurviveTheTripToTheRanks() {
        BenchOptions o = BenchOptions.parse(new String[] {"--backend", "ucx", "--np", "3", "--tests", "latency",
                "--kinds", "double,object", "--sizes", "0,8,1024", "--runs", "7", "--samples", "3", "--sample-ms", "2.5",
                "--warmup-ms", "10", "--window", "16", "--launcher-arg", "--prefix-output"});
        BenchOptions back = BenchOptions.parse(o.toArgs());
        assertEquals(o.backend(), back.backend());
        assertEquals(o.np(), back.np());
        assertEquals(o.tests(), back.tests());
        assertEquals(o.kinds(), back.kinds());
        assertArrayEquals(new long[] {0, 8, 1024}, back.sizes());
        assertEquals(7, back.runs());
        assertEquals(2.5, back.sampleMillis());
        assertEquals(16, back.window());
        assertEquals(o.launcherArgs(), back.launcherArgs());
    }

    @Test
    void badArgumentsSayWhichAndWhy() {
        assertMessage("--np: 1 is below the minimum 2", "--np", "1");
        assertMessage("--kinds: unknown value 'int' (allowed: byte,double,object)", "--kinds", "int");
        assertMessage("--runs: 'x' is not an integer", "--runs", "x");
        assertMessage("option --window needs a value", "--window");
        assertMessage("unknown option --size", "--size", "3");
        assertMessage("--max-size 2 is below --min-size 4", "--min-size", "4", "--max-size", "2");
    }

    @Test
    void kindsSkipSizesBelowOneElement() {
        assertTrue(Kind.BYTE.fits(1));
        assertTrue(!Kind.DOUBLE.fits(4) && Kind.DOUBLE.fits(8) && Kind.DOUBLE.fits(0));
        assertEquals(2, Kind.OBJECT.elements(64));
    }

    private static void assertMessage(String expected, String... args) {
        BenchOptions.UsageException e = assertThrows(BenchOptions.UsageException.class, () -> BenchOptions.parse(args));
        assertEquals(expected, e.getMessage());
    }
}

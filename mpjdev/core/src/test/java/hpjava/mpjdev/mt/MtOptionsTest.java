package hpjava.mpjdev.mt;

import hpjava.mpjdev.idle.Cores;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

class MtOptionsTest {
    @Test
    void defaultsDependOnWhetherTheRanksFitOnTheCores() {
        MtOptions fits = MtOptions.from(1, false, Map.of());
        assertEquals(MtOptions.FITS_SPIN, fits.spinLimit());
        assertEquals(65_536, fits.eagerLimit());
        assertEquals(MtOptions.FITS_SPIN_FLOOR, fits.spinFloor());
        assertFalse(fits.debug());
        assertEquals(MtOptions.FITS_SPIN, fits.idle().spinRounds());
        MtOptions crowded = MtOptions.from(Cores.available() + 1, false, Map.of());
        assertEquals(50, crowded.spinLimit());
        assertEquals(MtOptions.OVERSUBSCRIBED_SPIN_FLOOR, crowded.spinFloor());
        assertEquals(50, MtOptions.from(1, true, Map.of()).spinLimit(), "virtual threads share carriers: spin briefly");
    }

    @Test
    void optionsAndPropertiesOverrideTheDefaults() {
        MtOptions o = MtOptions.from(1, false, Map.of("spin", "300", "eager", "0", "debug", "true"));
        assertEquals(300, o.spinLimit());
        assertEquals(300, o.spinFloor(), "the floor never exceeds the limit");
        assertEquals(300, o.idle().spinRounds());
        assertEquals(0, o.eagerLimit());
        assertTrue(o.debug());
        System.setProperty("hpjava.mt.eager", "1024");
        try {
            assertEquals(1024, MtOptions.from(1, false, Map.of()).eagerLimit());
        } finally {
            System.clearProperty("hpjava.mt.eager");
        }
    }

    @Test
    void unknownKeysListTheKnownOnes() {
        var e = assertThrows(IllegalArgumentException.class, () -> MtOptions.from(1, false, Map.of("spinn", "3")));
        assertEquals("unknown option 'spinn' for the mt backend (known: spin, eager, debug, threads, verbose, rank-classes)", e.getMessage());
    }
}

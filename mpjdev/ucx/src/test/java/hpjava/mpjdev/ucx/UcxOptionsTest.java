package hpjava.mpjdev.ucx;

import hpjava.mpjdev.idle.Cores;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** The ucx configuration class: defaults, overrides, rank keys passed on, unknown keys (no UCX needed). */
class UcxOptionsTest {
    @Test
    void defaults() {
        UcxOptions o = UcxOptions.of(Map.of());
        assertEquals("", o.jvmArgs());
        assertEquals(60, o.bootstrapTimeout());
        assertEquals(5, o.abortGrace());
        assertEquals("lo", o.netDevices());
        assertTrue(o.slots());
        assertEquals(200_000, o.idle(1).spinRounds());
        assertEquals(UcxOptions.OVERSUBSCRIBED_SPINS, o.idle(Cores.available() + 1).spinRounds());
        assertEquals(List.of(), UcxOptions.rankProperties(Map.of()));
    }

    @Test
    void overridesAndRankKeysReachTheRanks() {
        Map<String, String> given = Map.of("spins", "500", "tight-spins", "10", "slots", "false", "abort-grace", "2",
                "net-devices", "eth1,eth2");
        UcxOptions o = UcxOptions.of(given);
        assertEquals(500, o.idle(Cores.available() + 1).spinRounds(), "an explicit spin count holds when crowded too");
        assertFalse(o.slots());
        assertEquals(2, o.abortGrace());
        assertEquals("eth1,eth2", o.netDevices());
        assertEquals(List.of("-Dhpjava.ucx.spins=500", "-Dhpjava.ucx.tight-spins=10", "-Dhpjava.ucx.slots=false"),
                UcxOptions.rankProperties(given));
        System.setProperty("hpjava.ucx.spins", "77");
        try {
            assertEquals(77, UcxOptions.ofRank().idle(1).spinRounds(), "a rank reads the properties its launcher set");
        } finally {
            System.clearProperty("hpjava.ucx.spins");
        }
    }

    @Test
    void badKeysAndValuesAreNamed() {
        var e = assertThrows(IllegalArgumentException.class, () -> UcxOptions.of(Map.of("spin", "1")));
        assertEquals("unknown option 'spin' for the ucx backend (known: jvm-args, bootstrap-timeout, abort-grace, "
                + "net-devices, spins, tight-spins, slots)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> UcxOptions.of(Map.of("abort-grace", "0")));
        assertTrue(e.getMessage().contains("abort-grace must be an integer from 1"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> UcxOptions.of(Map.of("net-devices", "lo;rm")));
        assertTrue(e.getMessage().contains("net-devices must name network devices"), e.getMessage());
    }
}

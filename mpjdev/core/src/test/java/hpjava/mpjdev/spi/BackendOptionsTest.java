package hpjava.mpjdev.spi;

import hpjava.mpjdev.spi.BackendOptions.Key;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

class BackendOptionsTest {
    private static final List<Key> KEYS = List.of(new Key("alpha", "1", "a number"), new Key("beta", "false", "a flag"));

    @Test
    void optionsOverridePropertiesWhichOverrideDefaults() {
        System.setProperty("hpjava.testbe.alpha", "7");
        try {
            assertEquals(7, BackendOptions.of("testbe", KEYS, Map.of()).number("alpha", 1, 0, 100));
            assertEquals(9, BackendOptions.of("testbe", KEYS, Map.of("alpha", "9")).number("alpha", 1, 0, 100));
        } finally {
            System.clearProperty("hpjava.testbe.alpha");
        }
        assertEquals(1, BackendOptions.of("testbe", KEYS, Map.of()).number("alpha", 1, 0, 100));
        assertTrue(BackendOptions.of("testbe", KEYS, Map.of("beta", "true")).flag("beta", false));
        assertEquals("hpjava.testbe.beta", BackendOptions.of("testbe", KEYS, Map.of()).property("beta"));
    }

    @Test
    void unknownKeysAndBadValuesAreNamed() {
        var e = assertThrows(IllegalArgumentException.class, () -> BackendOptions.of("testbe", KEYS, Map.of("gamma", "1")));
        assertEquals("unknown option 'gamma' for the testbe backend (known: alpha, beta)", e.getMessage());
        var o = BackendOptions.of("testbe", KEYS, Map.of("alpha", "x", "beta", "yes"));
        e = assertThrows(IllegalArgumentException.class, () -> o.number("alpha", 1, 0, 100));
        assertEquals("testbe option alpha must be a non-negative integer up to 100, not 'x'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> o.flag("beta", false));
        assertEquals("testbe option beta must be true or false, not 'yes'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> o.number("alpha", 1, 1, 5));
        assertEquals("testbe option alpha must be an integer from 1 to 5, not 'x'", e.getMessage());
    }

    @Test
    void describeListsEveryKeyWithItsDefault() {
        assertEquals("  alpha (default 1): a number\n  beta (default false): a flag", BackendOptions.describe(KEYS));
    }
}

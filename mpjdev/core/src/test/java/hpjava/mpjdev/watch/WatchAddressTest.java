package hpjava.mpjdev.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Where the launcher listens for ranks on other hosts. */
class WatchAddressTest {

    @Test
    void theFormsOfTheOption() {
        assertEquals(new InetSocketAddress("10.1.2.3", 0), WatchAddress.parse("10.1.2.3"));
        assertEquals(new InetSocketAddress("10.1.2.3", 7070), WatchAddress.parse("10.1.2.3:7070"));
        assertEquals(7070, WatchAddress.parse(":7070").getPort());
        assertTrue(WatchAddress.parse(":7070").getAddress().isAnyLocalAddress());
        assertEquals(new InetSocketAddress("::1", 9), WatchAddress.parse("[::1]:9"));
        assertEquals(new InetSocketAddress("fe80::1", 0), WatchAddress.parse("fe80::1"));
        assertEquals("10.1.2.3:7070", WatchAddress.format(new InetSocketAddress("10.1.2.3", 7070)));
        assertEquals("[0:0:0:0:0:0:0:1]:9", WatchAddress.format(new InetSocketAddress("::1", 9)));
        assertEquals(WatchAddress.parse("[::1]:9"), WatchAddress.parse(WatchAddress.format(new InetSocketAddress("::1", 9))));
    }

    @Test
    void aMalformedOptionSaysWhatIsWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WatchAddress.parse("10.1.2.3:http")).getMessage()
                .contains("the port 'http' is not a number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WatchAddress.parse("10.1.2.3:70000")).getMessage()
                .contains("not in 0..65535"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WatchAddress.parse("[::1")).getMessage()
                .contains("no closing ]"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WatchAddress.parse("no-such-host.invalid:5"))
                .getMessage().contains("does not resolve"));
    }

    @Test
    void aJobOnThisHostOnlyNeedsNoPort() {
        WatchAddress.Choice c = WatchAddress.choose(null, List.of("localhost", "127.0.0.1", LauncherWatch.hostName()));
        assertNull(c.address());
        assertNull(c.problem());
    }

    @Test
    void theNamedAddressWinsAndPortOnlyKeepsTheChoice() {
        assertEquals(new InetSocketAddress("127.0.0.1", 7070), WatchAddress.choose("127.0.0.1:7070", List.of()).address());
        assertNull(WatchAddress.choose(":7070", List.of("localhost")).address());
    }

    @Test
    void aHostThatDoesNotResolveIsAProblemNotAGuess() {
        WatchAddress.Choice c = WatchAddress.choose(null, List.of("no-such-host.invalid"));
        assertNull(c.address());
        assertTrue(c.problem().contains("host no-such-host.invalid of the job does not resolve here"), c.problem());
    }
}

package hpjava.mpjdev.watch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The launcher's TCP port for ranks on other hosts (a JobWatch listening on loopback, no job): only holders of the
 * job's secret are accepted, strangers are dropped without stalling anyone, and accepted ranks count exactly as
 * local ones.
 */
@Timeout(30)
class RemoteWatchTest {
    private static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final CountDownLatch ended = new CountDownLatch(1);
    private JobWatch watch;

    /** A rank's report of a receive that, with the others', is a deadlock; {@code probes}: the probes it has read. */
    private static String deadlockLine(int rank, int np, long probes) {
        return rank + "\tW\t1200\t5\t2\t2\t" + probes + "\t-\trecv(source " + (rank + 1) % np + ", tag 7, world of " + np + ")\t at P.main(P.java:"
                + (10 + rank) + ")\n";
    }

    private void start(int np) {
        watch = JobWatch.start(np, 0, new PrintStream(err, true, StandardCharsets.UTF_8), ended::countDown, LOOPBACK);
        assertTrue(watch.remoteEndpoint() != null, "not listening: " + err);
    }

    private String secret() {
        return WatchLinks.secret(watch);
    }

    private Socket greetedTcp(String host) throws IOException {
        Socket s = WatchLinks.tcp(watch);
        WatchHello.greet(s.getInputStream(), s.getOutputStream(), secret(), host);
        return s;
    }

    @AfterEach
    void close() {
        if (watch != null) watch.close();
    }

    @Test
    void theEndpointIsTheAddressAskedForNeverTheWildcard() {
        start(1);
        String endpoint = watch.remoteEndpoint();
        assertTrue(endpoint.startsWith(InetAddress.getLoopbackAddress().getHostAddress() + ":")
                || endpoint.startsWith("[" + InetAddress.getLoopbackAddress().getHostAddress()), endpoint);
        assertTrue(watch.rankJvmArgs().contains("-D" + JobWatch.ADDRESS_PROPERTY + "=" + endpoint), watch.rankJvmArgs().toString());
        assertEquals(64, secret().length());
        for (String a : watch.rankJvmArgs()) assertTrue(!a.contains(secret()), "the secret on the command line: " + a);
    }

    @Test
    void aWrongSecretIsRefusedAndItsReportsDoNotCount() throws Exception {
        start(1);
        try (Socket stranger = WatchLinks.tcp(watch)) {
            WatchLinks.write(stranger, "hello\t" + "0".repeat(64) + "\tevil\n");
            assertEquals(-1, stranger.getInputStream().read(), "a wrong secret must be answered by closing");
            for (int i = 0; i < 8; i++) {
                try {
                    WatchLinks.write(stranger, deadlockLine(0, 1, i));
                } catch (SocketException closed) {
                    break;
                }
                Thread.sleep(100);
            }
        }
        assertEquals(-1, watch.verdict(), err.toString(StandardCharsets.UTF_8));
        // the same reports from the holder of the secret are a deadlock
        try (Socket rank = greetedTcp("node2")) {
            long probes = 0;
            for (int i = 0; i < 30 && ended.getCount() > 0; i++) {
                probes += WatchLinks.probes(rank);
                WatchLinks.write(rank, deadlockLine(0, 1, probes));
                ended.await(100, TimeUnit.MILLISECONDS);
            }
        }
        assertEquals(JobWatch.DEADLOCK_STATUS, watch.verdict(), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aSecretThatIsOnlyAPrefixIsRefused() throws Exception {
        start(1);
        try (Socket stranger = WatchLinks.tcp(watch)) {
            WatchLinks.write(stranger, "hello\t" + secret().substring(0, 32) + "\tnode\n");
            assertEquals(-1, stranger.getInputStream().read());
        }
    }

    @Test
    void aSilentOrSlowStrangerIsDroppedWithoutDelayingTheRanks() throws Exception {
        start(2);
        try (Socket silent = WatchLinks.tcp(watch); Socket slow = WatchLinks.tcp(watch)) {
            WatchLinks.write(slow, "hel");
            long t0 = System.nanoTime();
            try (Socket rank = greetedTcp("node2")) {
                double ms = (System.nanoTime() - t0) / 1e6;
                assertTrue(ms < 1000, "a rank waited " + ms + " ms behind the strangers");
            }
            for (Socket s : new Socket[] {silent, slow}) {
                long t1 = System.nanoTime();
                assertEquals(-1, s.getInputStream().read(), "a stranger must be dropped");
                double waited = (System.nanoTime() - t1) / 1e9;
                assertTrue(waited < WatchHello.HELLO_TIMEOUT_MS / 1000.0 + 1, "dropped after " + waited + " s");
            }
        }
    }

    @Test
    void anOverlongHelloIsCutOff() throws Exception {
        start(1);
        try (Socket stranger = WatchLinks.tcp(watch)) {
            WatchLinks.write(stranger, "x".repeat(WatchHello.MAX_HELLO_BYTES + 100));
            assertEquals(-1, stranger.getInputStream().read());
        }
    }

    @Test
    void ranksOverBothTransportsMakeOneReportNamingEachRanksHost() throws Exception {
        start(2);
        try (SocketChannel local = WatchLinks.unix(watch, "node1"); Socket remote = greetedTcp("node2")) {
            long localProbes = 0, remoteProbes = 0;
            for (int i = 0; i < 30 && ended.getCount() > 0; i++) {
                localProbes += WatchLinks.probes(local);
                remoteProbes += WatchLinks.probes(remote);
                WatchLinks.write(local, deadlockLine(0, 2, localProbes));
                WatchLinks.write(remote, deadlockLine(1, 2, remoteProbes));
                ended.await(100, TimeUnit.MILLISECONDS);
            }
        }
        String report = err.toString(StandardCharsets.UTF_8);
        assertEquals(JobWatch.DEADLOCK_STATUS, watch.verdict(), report);
        assertTrue(report.contains("rank 0 on node1: waiting in recv(source 1, tag 7, world of 2) for 1.2 s at P.main(P.java:10)"), report);
        assertTrue(report.contains("rank 1 on node2: waiting in recv(source 0, tag 7, world of 2) for 1.2 s at P.main(P.java:11)"), report);
    }

    // ------------------------------------------------------------------ the rank's side

    private Map<String, String> saved;

    @BeforeEach
    void saveProperties() {
        saved = new java.util.HashMap<>();
        for (String p : new String[] {JobWatch.SOCKET_PROPERTY, JobWatch.ADDRESS_PROPERTY,
                LauncherWatch.HOST_PROPERTY}) saved.put(p, System.getProperty(p));
    }

    @AfterEach
    void restoreProperties() {
        saved.forEach((k, v) -> {
            if (v == null) System.clearProperty(k);
            else System.setProperty(k, v);
        });
    }

    /** Sets the rank properties of {@code watch}, as its launcher passes them, with the launcher on {@code host}. */
    private void asRankOf(String host) {
        for (String p : new String[] {JobWatch.SOCKET_PROPERTY, JobWatch.ADDRESS_PROPERTY})
            System.setProperty(p, WatchLinks.property(watch, p));
        System.setProperty(LauncherWatch.HOST_PROPERTY, host);
    }

    @Test
    void aRankOnTheLaunchersHostUsesTheSocketAndOneElsewhereTcp() throws Exception {
        start(2);
        asRankOf(LauncherWatch.hostName());
        LauncherLink here = LauncherLink.connect(0, secret());
        asRankOf("another-" + LauncherWatch.hostName());
        LauncherLink there = LauncherLink.connect(1, secret());
        try {
            assertInstanceOf(SocketChannel.class, here.connection());
            assertInstanceOf(Socket.class, there.connection());
        } finally {
            here.connection().close();
            there.connection().close();
        }
    }

    @Test
    void aRankThatCannotConnectSaysSoOnceAndRunsOn() throws Exception {
        start(1);
        asRankOf("another-" + LauncherWatch.hostName());
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        System.setProperty(JobWatch.ADDRESS_PROPERTY, InetAddress.getLoopbackAddress().getHostAddress() + ":" + closedPort);
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        System.setErr(new PrintStream(said, true, StandardCharsets.UTF_8));
        try {
            assertNull(LauncherLink.connect(3, secret()));
        } finally {
            System.setErr(stderr);
        }
        String text = said.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("mpjdev: rank 3 on " + LauncherWatch.hostName() + ": cannot reach the job watchdog at "),
                text);
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.contains("running unwatched"), text);
    }

    @Test
    void aRankGivenAWrongSecretRunsUnwatched() throws Exception {
        start(1);
        asRankOf("another-" + LauncherWatch.hostName());
        PrintStream stderr = System.err;
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        System.setErr(new PrintStream(said, true, StandardCharsets.UTF_8));
        try {
            assertNull(LauncherLink.connect(0, "f".repeat(64)));
        } finally {
            System.setErr(stderr);
        }
        assertTrue(said.toString(StandardCharsets.UTF_8).contains("refused"), said.toString(StandardCharsets.UTF_8));
    }
}

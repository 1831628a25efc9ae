package hpjava.mpjdev.watch;

import java.io.IOException;
import java.net.Socket;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

/** Test helper: connections to a {@link JobWatch} as a rank makes them, with the hello. */
final class WatchLinks {
    private WatchLinks() {}

    /** The value of {@code -Dproperty=...} among the watch's rank JVM arguments, or null. */
    static String property(JobWatch w, String property) {
        for (String a : w.rankJvmArgs()) if (a.startsWith("-D" + property + "=")) return a.substring(property.length() + 3);
        return null;
    }

    /** The job's secret, from the environment the watch gives its ranks. */
    static String secret(JobWatch w) {
        return w.rankEnvironment().get(JobWatch.SECRET_ENV);
    }

    /** A Unix-socket connection from {@code host}, greeted with the job's secret. */
    static SocketChannel unix(JobWatch w, String host) throws IOException {
        SocketChannel c = SocketChannel.open(UnixDomainSocketAddress.of(property(w, JobWatch.SOCKET_PROPERTY)));
        WatchHello.greet(Channels.newInputStream(c), Channels.newOutputStream(c), secret(w), host);
        return c;
    }

    /** A TCP connection to the watch's endpoint, not yet greeted (with a 5 s read timeout). */
    static Socket tcp(JobWatch w) throws IOException {
        Socket s = new Socket();
        s.connect(WatchAddress.parse(w.remoteEndpoint()), 5_000);
        s.setSoTimeout(5_000);
        return s;
    }

    static void write(SocketChannel c, String text) throws IOException {
        c.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
    }

    static void write(Socket s, String text) throws IOException {
        s.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
        s.getOutputStream().flush();
    }

    /** How many deadlock probes the watch has sent on {@code s} since the last call (reads what has arrived, no waiting). */
    static int probes(Socket s) throws IOException {
        int n = 0;
        java.io.InputStream in = s.getInputStream();
        while (in.available() > 0) if (in.read() == DeadlockConfirmation.PROBE) n++;
        return n;
    }

    /** As {@link #probes(Socket)}, for a Unix-socket link (left in blocking mode). */
    static int probes(SocketChannel c) throws IOException {
        int n = 0;
        ByteBuffer in = ByteBuffer.allocate(64);
        c.configureBlocking(false);
        try {
            while (c.read(in) > 0) {
                for (int i = 0; i < in.position(); i++) if (in.get(i) == DeadlockConfirmation.PROBE) n++;
                in.clear();
            }
        } finally {
            c.configureBlocking(true);
        }
        return n;
    }
}

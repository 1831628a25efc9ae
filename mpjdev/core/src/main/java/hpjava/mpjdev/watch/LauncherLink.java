package hpjava.mpjdev.watch;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A rank's connection to its launcher's {@link JobWatch}, accepted ({@link WatchHello}): on the launcher's host the
 * Unix socket ({@value JobWatch#SOCKET_PROPERTY}), on another host the TCP endpoint
 * ({@value JobWatch#ADDRESS_PROPERTY}). The host is the launcher's when this host's name is the one the launcher passed
 * ({@value LauncherWatch#HOST_PROPERTY}); a host of another name that sees the socket file and was given no endpoint
 * (the same machine under another name) uses the socket too.
 */
record LauncherLink(InputStream in, OutputStream out, AutoCloseable connection) {
    static final int CONNECT_TIMEOUT_MS = 5_000;
    /** The link's output buffer: a message's header and a short body leave in one write (every message is flushed). */
    private static final int BUFFER_BYTES = 8192;

    /**
     * Connects when the launcher asked for it (else returns null without a word); a launcher that cannot be reached
     * is said once on standard error, naming {@code rank}, and null is returned: the rank runs unwatched.
     */
    static LauncherLink connect(int rank) {
        return connect(rank, System.getenv(JobWatch.SECRET_ENV));
    }

    /** As {@link #connect(int)}, presenting {@code secret} (the environment's, as the launcher passed it). */
    static LauncherLink connect(int rank, String secret) {
        String socket = property(JobWatch.SOCKET_PROPERTY), address = property(JobWatch.ADDRESS_PROPERTY);
        String launcherHost = property(LauncherWatch.HOST_PROPERTY);
        secret = secret == null || secret.isBlank() ? null : secret.trim();
        if (socket == null && address == null) return null;
        String host = LauncherWatch.hostName();
        boolean socketHere = socket != null && Files.exists(Path.of(socket));
        boolean launcherHere = launcherHost == null || launcherHost.equals(host);
        String target = "";
        try {
            if (secret == null) throw new IOException("no job secret was passed in $" + JobWatch.SECRET_ENV);
            if (socketHere && (launcherHere || address == null)) {
                target = " at " + socket;
                return unix(socket, secret, host);
            }
            if (address != null) {
                target = " at " + address;
                return tcp(address, secret, host);
            }
            throw new IOException("the launcher runs on " + launcherHost + " and listens on no address for ranks on"
                    + " other hosts");
        } catch (IOException | RuntimeException e) {
            System.err.println("mpjdev: rank " + rank + " on " + host + ": cannot reach the job watchdog" + target + " ("
                    + e.getMessage() + "); running unwatched");
            return null;
        }
    }

    private static LauncherLink unix(String socket, String secret, String host) throws IOException {
        SocketChannel ch = SocketChannel.open(UnixDomainSocketAddress.of(socket));
        try {
            InputStream in = Channels.newInputStream(ch);
            OutputStream out = new BufferedOutputStream(Channels.newOutputStream(ch), BUFFER_BYTES);
            WatchHello.greet(in, out, secret, host);
            return new LauncherLink(in, out, ch);
        } catch (IOException e) {
            ch.close();
            throw e;
        }
    }

    private static LauncherLink tcp(String address, String secret, String host) throws IOException {
        InetSocketAddress a = WatchAddress.parse(address);
        Socket s = new Socket();
        try {
            s.connect(a, CONNECT_TIMEOUT_MS);
            s.setTcpNoDelay(true);
            s.setSoTimeout(CONNECT_TIMEOUT_MS);
            WatchHello.greet(s.getInputStream(), s.getOutputStream(), secret, host);
            s.setSoTimeout(0);
            return new LauncherLink(s.getInputStream(), new BufferedOutputStream(s.getOutputStream(), BUFFER_BYTES), s);
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }

    private static String property(String name) {
        String v = System.getProperty(name);
        return v == null || v.isBlank() ? null : v.trim();
    }
}

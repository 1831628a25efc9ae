package hpjava.mpjdev.watch;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.Semaphore;

/**
 * The launcher's TCP port for ranks on other hosts (part of {@link JobWatch}): bound to one address (the launcher's
 * address towards the job's hosts, see {@link WatchAddress}), never to every interface. Each connection must present
 * the job's secret ({@link WatchHello}) within {@link WatchHello#HELLO_TIMEOUT_MS} ms, or it is closed; at most
 * max(16, 2 np) connections may be in that state at once (more are closed at once), so strangers can neither
 * stall the port nor make the launcher start threads without end. An accepted connection is handed to
 * {@link Handler} exactly as a Unix-socket one is.
 */
final class RemoteListener implements AutoCloseable {
    /** What the launcher does with an accepted rank connection: read its reports until it closes. */
    interface Handler {
        void serve(Socket connection, InputStream in, String host);
    }

    static final int KEEPALIVE_IDLE_S = 3, KEEPALIVE_INTERVAL_S = 1, KEEPALIVE_COUNT = 3;
    /** The longest a vanished host goes unnoticed: idle time, then every probe unanswered. */
    static final int LOST_HOST_SECONDS = KEEPALIVE_IDLE_S + KEEPALIVE_INTERVAL_S * KEEPALIVE_COUNT;

    private final ServerSocket server;
    private final byte[] secret;
    private final Handler handler;
    private final Semaphore pending;

    /** Binds {@code address} (port 0: any free port) and starts accepting. @throws IOException if it cannot bind */
    RemoteListener(InetSocketAddress address, byte[] secret, int np, Handler handler) throws IOException {
        this.server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(address, np + 8);
        this.secret = secret.clone();
        this.handler = handler;
        this.pending = new Semaphore(Math.max(16, 2 * np));
        Thread.ofPlatform().daemon().name("hpjava-watch-accept-tcp").start(this::accept);
    }

    /** Where the ranks connect: {@code ADDRESS:PORT} ({@code [V6]:PORT}). */
    String endpoint() {
        return WatchAddress.format(new InetSocketAddress(server.getInetAddress(), server.getLocalPort()));
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    private void accept() {
        while (!server.isClosed()) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                return;
            }
            if (!pending.tryAcquire()) {
                closeQuietly(s);
                continue;
            }
            Thread.ofPlatform().daemon().name("hpjava-watch-hello").start(() -> greet(s));
        }
    }

    private void greet(Socket s) {
        String host;
        InputStream in;
        try {
            s.setTcpNoDelay(true);
            in = s.getInputStream();
            host = WatchHello.accept(in, s.getOutputStream(), secret, s);
            if (host != null) {
                s.setSoTimeout(0);
                keepAlive(s);
            }
        } catch (IOException e) {
            host = null;
            in = null;
        } finally {
            pending.release();
        }
        if (host == null) {
            closeQuietly(s);
            return;
        }
        handler.serve(s, in, host);
    }

    /**
     * TCP keepalive with short timers on an accepted rank link: the launcher only reads it, so a rank's host that
     * vanishes (network gone, machine off: no FIN, no RST) would leave that read waiting for ever. The rank reports
     * every {@link RankReporter#PERIOD_MS} ms; after {@link #KEEPALIVE_IDLE_S} s with nothing from its host the kernel
     * probes it {@link #KEEPALIVE_COUNT} times, {@link #KEEPALIVE_INTERVAL_S} s apart, and, unanswered, fails the read
     * with "Connection timed out" ({@link JobWatch} then ends the job): at most {@link #LOST_HOST_SECONDS} s after the
     * host's last packet. A rank that is merely stopped (SIGSTOP, a debugger, a long collection) still has a kernel
     * that answers the probes: that is the hang watchdog's to judge, not this. Where the options are not offered
     * (not Linux), the system's keepalive timers apply (hours).
     */
    static void keepAlive(Socket s) throws IOException {
        s.setKeepAlive(true);
        try {
            s.setOption(jdk.net.ExtendedSocketOptions.TCP_KEEPIDLE, KEEPALIVE_IDLE_S);
            s.setOption(jdk.net.ExtendedSocketOptions.TCP_KEEPINTERVAL, KEEPALIVE_INTERVAL_S);
            s.setOption(jdk.net.ExtendedSocketOptions.TCP_KEEPCOUNT, KEEPALIVE_COUNT);
        } catch (UnsupportedOperationException e) {
            // the platform's default timers
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // a stranger's connection
        }
    }
}

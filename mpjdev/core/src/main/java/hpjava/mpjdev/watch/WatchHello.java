package hpjava.mpjdev.watch;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The first exchange on every connection from a rank's {@link RankReporter} to the launcher's {@link JobWatch}, on the
 * Unix socket and on the TCP port alike: the rank sends {@code hello TAB SECRET TAB HOST LF}, where SECRET is the
 * job's random token (environment variable {@value JobWatch#SECRET_ENV}) and HOST the rank's host name; the launcher
 * answers {@code ok LF} when the secret is the job's (compared in constant time) and otherwise closes the connection
 * without a word. The launcher reads at most {@link #MAX_HELLO_BYTES} bytes, and over TCP for at most
 * {@link #HELLO_TIMEOUT_MS} ms in all, so a stranger can neither stall it nor make it buffer much. A rank starts
 * reporting only after {@code ok}: a refused rank runs unwatched instead of taking a closed connection for its
 * launcher's death.
 */
final class WatchHello {
    static final int MAX_HELLO_BYTES = 512;
    static final int HELLO_TIMEOUT_MS = 2_000;
    private static final int SECRET_BYTES = 32;
    private static final String HELLO = "hello", OK = "ok\n";
    private static final int MAX_HOST_CHARS = 255;

    private WatchHello() {}

    /** A new job secret: {@value #SECRET_BYTES} random bytes in hex. */
    static String newSecret() {
        byte[] b = new byte[SECRET_BYTES];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** The rank's side: sends the hello and waits for {@code ok}. @throws IOException when refused or cut off */
    static void greet(InputStream in, OutputStream out, String secret, String host) throws IOException {
        out.write((HELLO + "\t" + secret + "\t" + host + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        byte[] ok = OK.getBytes(StandardCharsets.US_ASCII);
        for (byte expected : ok) {
            int c = in.read();
            if (c != expected) throw new IOException("the launcher refused the connection (wrong job secret?)");
        }
    }

    /**
     * The launcher's side: reads one hello; when it carries {@code secret}, answers {@code ok} and returns the rank's
     * host name, else returns null (the caller closes the connection). {@code timed}, when not null, is the TCP socket
     * under {@code in}: the whole hello must arrive within {@link #HELLO_TIMEOUT_MS} ms.
     */
    static String accept(InputStream in, OutputStream out, byte[] secret, Socket timed) throws IOException {
        String line = readLine(in, timed);
        if (line == null) return null;
        String[] f = line.split("\t", -1);
        if (f.length != 3 || !f[0].equals(HELLO)) return null;
        if (!MessageDigest.isEqual(f[1].getBytes(StandardCharsets.UTF_8), secret)) return null;
        out.write(OK.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return printable(f[2]);
    }

    /** One line of at most {@link #MAX_HELLO_BYTES} bytes without its LF, or null (end of stream, too long, too slow). */
    private static String readLine(InputStream in, Socket timed) throws IOException {
        long deadline = System.nanoTime() + HELLO_TIMEOUT_MS * 1_000_000L;
        byte[] buf = new byte[MAX_HELLO_BYTES];
        for (int n = 0; n < buf.length; n++) {
            if (timed != null) {
                long left = (deadline - System.nanoTime()) / 1_000_000L;
                if (left <= 0) return null;
                timed.setSoTimeout((int) left);
            }
            int c;
            try {
                c = in.read();
            } catch (SocketTimeoutException e) {
                return null;
            }
            if (c < 0) return null;
            if (c == '\n') return new String(buf, 0, n, StandardCharsets.UTF_8);
            buf[n] = (byte) c;
        }
        return null;
    }

    /** A host name fit for a report line: control characters dropped, at most {@value #MAX_HOST_CHARS} characters. */
    private static String printable(String host) {
        StringBuilder sb = new StringBuilder();
        host.codePoints().filter(c -> !Character.isISOControl(c)).limit(MAX_HOST_CHARS).forEach(sb::appendCodePoint);
        return sb.toString();
    }
}

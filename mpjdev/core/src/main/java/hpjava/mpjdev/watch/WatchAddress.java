package hpjava.mpjdev.watch;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.List;

/**
 * Where the launcher's {@link JobWatch} listens for ranks on other hosts: the address a user names
 * ({@code ADDRESS}, {@code ADDRESS:PORT}, {@code :PORT}, {@code [IPV6]:PORT}), else the launcher's own address on the
 * interface the kernel routes towards the first host of the job that is not this one (the source address of a UDP
 * socket connected to it: nothing is sent). Never the wildcard address. Port 0 (the default) is any free port.
 */
public final class WatchAddress {
    private WatchAddress() {}

    /** What to bind, or why there is nothing to bind. */
    public record Choice(InetSocketAddress address, String problem) {
        static Choice none(String problem) {
            return new Choice(null, problem);
        }
    }

    /**
     * The address to listen on for a job on {@code hosts} (host names as in the hostfile), given the user's
     * {@code option} (null or blank: choose). No address (and no problem) when every host is this one.
     *
     * @throws IllegalArgumentException when {@code option} is malformed or names the wildcard address
     */
    public static Choice choose(String option, List<String> hosts) {
        int port = 0;
        if (option != null && !option.isBlank()) {
            InetSocketAddress given = parse(option.trim());
            if (!given.getAddress().isAnyLocalAddress()) return new Choice(given, null);
            port = given.getPort();   // ":PORT": the address is chosen below
        }
        for (String h : hosts) {
            InetAddress[] all;
            try {
                all = InetAddress.getAllByName(h);
            } catch (UnknownHostException e) {
                return Choice.none("host " + h + " of the job does not resolve here");
            }
            if (isThisHost(all)) continue;
            try {
                return new Choice(new InetSocketAddress(sourceAddressTowards(all[0]), port), null);
            } catch (IOException e) {
                return Choice.none("no route from here to host " + h + " (" + e.getMessage() + ")");
            }
        }
        return new Choice(null, null);
    }

    /** {@code ADDRESS:PORT} as ranks read it back with {@link #parse}. */
    public static String format(InetSocketAddress a) {
        String host = a.getAddress().getHostAddress();
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + a.getPort();
    }

    /**
     * {@code ADDRESS}, {@code ADDRESS:PORT}, {@code :PORT} (the wildcard address with that port) or
     * {@code [IPV6]:PORT}, the address a literal or a host name.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static InetSocketAddress parse(String s) {
        String host = s, port = null;
        if (s.startsWith("[")) {
            int end = s.indexOf(']');
            if (end < 0) throw bad(s, "no closing ]");
            host = s.substring(1, end);
            if (end + 1 < s.length()) {
                if (s.charAt(end + 1) != ':') throw bad(s, "':PORT' expected after ]");
                port = s.substring(end + 2);
            }
        } else if (s.indexOf(':') == s.lastIndexOf(':') && s.indexOf(':') >= 0) {
            host = s.substring(0, s.indexOf(':'));
            port = s.substring(s.indexOf(':') + 1);
        }
        int p = 0;
        if (port != null) {
            try {
                p = Integer.parseInt(port);
            } catch (NumberFormatException e) {
                throw bad(s, "the port '" + port + "' is not a number");
            }
            if (p < 0 || p > 65535) throw bad(s, "the port " + p + " is not in 0..65535");
        }
        try {
            InetAddress a = host.isEmpty() ? InetAddress.getByName("0.0.0.0") : InetAddress.getByName(host);
            return new InetSocketAddress(a, p);
        } catch (UnknownHostException e) {
            throw bad(s, "the host '" + host + "' does not resolve");
        }
    }

    private static IllegalArgumentException bad(String s, String why) {
        return new IllegalArgumentException("watch address '" + s + "': " + why
                + " (expected ADDRESS, ADDRESS:PORT, :PORT or [IPV6]:PORT)");
    }

    /** Whether one of {@code addresses} is a loopback address or belongs to an interface of this host. */
    static boolean isThisHost(InetAddress[] addresses) {
        for (InetAddress a : addresses) {
            if (a.isLoopbackAddress() || a.isAnyLocalAddress()) return true;
            try {
                if (NetworkInterface.getByInetAddress(a) != null) return true;
            } catch (SocketException e) {
                // the interfaces cannot be listed: count the address as another host's
            }
        }
        return false;
    }

    private static InetAddress sourceAddressTowards(InetAddress remote) throws IOException {
        try (DatagramSocket probe = new DatagramSocket()) {
            probe.connect(remote, 9);   // chooses the route; sends nothing
            InetAddress local = probe.getLocalAddress();
            if (local == null || local.isAnyLocalAddress()) throw new IOException("the kernel chose no source address");
            return local;
        }
    }
}

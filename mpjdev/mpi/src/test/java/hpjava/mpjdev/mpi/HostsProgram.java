package hpjava.mpjdev.mpi;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;

/**
 * Run by {@link MultiHostTest}: every rank sends its host name to rank 0 through mpjdev, rank 0 prints
 * {@code hosts: NAME,NAME,...} in rank order (the host names MPI's ranks really ran on).
 */
public final class HostsProgram {
    private HostsProgram() {}

    public static void main(String[] args) throws UnknownHostException {
        Comm world = Comm.world();
        byte[] mine = InetAddress.getLocalHost().getHostName().getBytes(StandardCharsets.UTF_8);
        try (Buffer b = BufferPool.shared().acquire(256)) {
            if (world.id() != 0) {
                b.clear().write(new int[] {mine.length}).write(mine);
                world.send(b, 0, 5);
                return;
            }
            StringBuilder all = new StringBuilder(new String(mine, StandardCharsets.UTF_8));
            for (int r = 1; r < world.size(); r++) {
                world.recv(b, r, 5);
                int[] n = new int[1];
                b.read(n, 0);
                byte[] name = new byte[n[0]];
                b.read(name, 0);
                all.append(',').append(new String(name, StandardCharsets.UTF_8));
            }
            System.out.println("hosts: " + all);
        }
    }
}

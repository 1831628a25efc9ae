package hpjava.multihost;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Run by {@code hpjava.mpjdev.mpi.MultiHostTest}'s watchdog tests (in a package of its own: the reports name the
 * program's frames, never the library's {@code hpjava.mpjdev}): every rank prints {@code rank R started on HOST}, then
 * <ul>
 * <li>{@code deadlock}: receives from the next rank (tag 7), which never sends: a deadlock across every host;</li>
 * <li>{@code spin}: the last rank computes for ever while every other one receives from it (tag 9): a hang the
 *     timeout ends.</li>
 * </ul>
 */
public final class StuckProgram {
    private static volatile long sink;

    private StuckProgram() {}

    public static void main(String[] args) throws UnknownHostException {
        Comm world = Comm.world();
        int me = world.id(), np = world.size();
        System.out.println("rank " + me + " started on " + InetAddress.getLocalHost().getHostName());
        System.out.flush();
        try (Buffer b = BufferPool.shared().acquire(64)) {
            switch (args.length > 0 ? args[0] : "") {
                case "deadlock" -> world.recv(b, (me + 1) % np, 7);
                case "spin" -> {
                    if (me == np - 1) spin();
                    else world.recv(b, np - 1, 9);
                }
                default -> throw new IllegalArgumentException("usage: StuckProgram deadlock|spin");
            }
        }
        throw new AssertionError("rank " + me + " received a message nobody sent");
    }

    private static void spin() {
        for (long i = 0; ; i++) sink = i * 31;
    }
}

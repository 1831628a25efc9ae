package hpjava.mpjdev.ucx.programs;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;

/**
 * Connects every pair of ranks (one message each way), prints {@code READY <pid>}, and stays alive for the seconds
 * given as argument, so a test can list the job's listening sockets; then a barrier of messages and exit.
 */
public final class Listening {
    private Listening() {}

    public static void main(String[] args) throws InterruptedException {
        Comm w = Comm.world();
        int me = w.id(), n = w.size();
        exchange(w, me, n);
        System.out.println("READY " + ProcessHandle.current().pid());
        System.out.flush();
        Thread.sleep(1000L * Integer.parseInt(args[0]));
        exchange(w, me, n);
    }

    private static void exchange(Comm w, int me, int n) {
        for (int peer = 0; peer < n; peer++) {
            if (peer == me) continue;
            try (Buffer out = Buffer.allocate(64); Buffer in = Buffer.allocate(64)) {
                out.write(new int[] {me});
                var r = w.irecv(in, peer, 7);
                w.send(out, peer, 7);
                r.iwait();
            }
        }
    }
}

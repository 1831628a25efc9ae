package hpjava.mpjdev.ucx.programs;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Status;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * Tiny messages through the ucx backend's slots ({@code TinySlots}) and their fall-back path: a ping-pong (slots
 * carry it), a one-way stream of tiny messages mixed with eager and rendezvous ones (one slot message outstanding,
 * the rest through the upcall, order kept), ANY_SOURCE gathering of tiny messages, and tiny messages that arrive
 * long before their receive. Prints {@code CHECK <name> ok} per check and then the device's state line
 * ({@code STATE ...}, which counts the slot messages); throws on the first wrong value.
 */
public final class SlotTraffic {
    private SlotTraffic() {}

    public static void main(String[] args) throws Exception {
        Comm w = Comm.world();
        int me = w.id();
        int n = w.size();
        Buffer out = Buffer.allocate(64);
        Buffer in = Buffer.allocate(64);
        if (me < 2) pingPong(w, me, out, in);
        check(me, "ping-pong");
        if (me < 2) stream(w, me, out, in);
        check(me, "stream-mixed-sizes");
        gather(w, me, n, out, in);
        check(me, "any-source-gather");
        if (me < 2) early(w, me, out, in);
        check(me, "unexpected");
        Method describe = device(w).getClass().getDeclaredMethod("describeState");
        describe.setAccessible(true);
        System.out.println("STATE " + describe.invoke(device(w)));
    }

    private static Object device(Comm w) throws ReflectiveOperationException {
        Field f = w.getClass().getDeclaredField("device");
        f.setAccessible(true);
        return f.get(w);
    }

    private static void check(int me, String name) {
        System.out.println("CHECK " + name + " ok on rank " + me);
    }

    private static long value(int from, int k) {
        return from * 1_000_003L + k * 7919L;
    }

    private static void expect(Buffer in, Status s, int from, int k, String what) {
        long[] v = new long[1];
        in.read(v, 0);
        if (s.source() != from || v[0] != value(from, k)) {
            throw new AssertionError(what + ": message " + k + " from " + s.source() + " holds " + v[0] + ", expected "
                    + value(from, k) + " from " + from);
        }
    }

    private static void pingPong(Comm w, int me, Buffer out, Buffer in) {
        int peer = 1 - me;
        for (int k = 0; k < 2000; k++) {
            if (me == 0) {
                w.send(out.clear().write(new long[] {value(me, k)}), peer, 1);
                expect(in, w.recv(in, peer, 1), peer, k, "ping-pong");
            } else {
                expect(in, w.recv(in, peer, 1), peer, k, "ping-pong");
                w.send(out.clear().write(new long[] {value(me, k)}), peer, 1);
            }
        }
    }

    /** Rank 0 streams to rank 1 without waiting for answers; every 17th message is large (eager or rendezvous). */
    private static void stream(Comm w, int me, Buffer out, Buffer in) {
        int count = 300;
        if (me == 0) {
            for (int k = 0; k < count; k++) {
                out.clear().write(new long[] {value(me, k)});
                if (k % 17 == 5) out.write(new double[k % 2 == 0 ? 100 : 200_000]);
                w.send(out, 1, 2);
            }
        } else {
            for (int k = 0; k < count; k++) {
                Status s = w.recv(in, k % 3 == 0 ? Comm.ANY_SOURCE : 0, k % 5 == 0 ? Comm.ANY_TAG : 2);
                expect(in, s, 0, k, "stream");
            }
        }
    }

    /** Every rank sends 50 tiny messages to rank 0, which takes them with ANY_SOURCE; per-source order holds. */
    private static void gather(Comm w, int me, int n, Buffer out, Buffer in) {
        int rounds = 50;
        if (me != 0) {
            for (int k = 0; k < rounds; k++) w.send(out.clear().write(new long[] {value(me, k)}), 0, 3);
            return;
        }
        int[] next = new int[n];
        for (int m = 0; m < rounds * (n - 1); m++) {
            Status s = w.recv(in, Comm.ANY_SOURCE, 3);
            int from = s.source();
            expect(in, s, from, next[from]++, "gather");
        }
    }

    /** Rank 1 sends tiny messages on two tags before rank 0 posts; rank 0 takes the second tag first. */
    private static void early(Comm w, int me, Buffer out, Buffer in) throws InterruptedException {
        if (me == 1) {
            for (int k = 0; k < 6; k++) w.send(out.clear().write(new long[] {value(me, k)}), 0, 10 + k % 2);
        } else {
            Thread.sleep(200);
            for (int k = 1; k < 6; k += 2) expect(in, w.recv(in, 1, 11), 1, k, "early, tag 11");
            for (int k = 0; k < 6; k += 2) expect(in, w.recv(in, 1, 10), 1, k, "early, tag 10");
        }
    }
}

package testprograms;

import hpjava.mpjdev.*;

import java.util.SplittableRandom;

/**
 * Matching under varied timing: ranks 1..p-1 each send {@value #N} numbered messages to rank 0 (blocking sends and
 * batches of non-blocking ones, two tags, some above the eager limit, random short pauses, a flow-control
 * acknowledgement every {@value #ACK_EVERY}); rank 0 receives them with ANY_TAG by blocking receives and batches of
 * posted receives, from ANY_SOURCE or a chosen sender, also pausing at random. So messages meet receives posted
 * before and after them, in the mailbox's slot and its queues. Checks: every sender's messages arrive in the order
 * sent (non-overtaking), with the right source and payload; seeded, so a failure names a reproducible run.
 */
public class MatchStress {
    static final int N = 3000, ACK_EVERY = 100, MAX_BATCH = 8, TAG_ACK = 9, BIG = 80_000;

    public static void main(String[] args) {
        Comm w = Comm.world();
        int p = w.size(), me = w.id();
        Check.that(p >= 2, "needs at least 2 ranks");
        SplittableRandom rnd = new SplittableRandom(12345 + me);
        if (me == 0) receive(w, p, rnd);
        else send(w, me, rnd);
    }

    private static void pause(SplittableRandom rnd) {
        int k = rnd.nextInt(16);
        if (k == 0) Thread.yield();
        else if (k < 4) for (int i = rnd.nextInt(2000); i > 0; i--) Thread.onSpinWait();
    }

    private static void send(Comm w, int me, SplittableRandom rnd) {
        Buffer[] out = new Buffer[MAX_BATCH];
        Request[] pending = new Request[MAX_BATCH];
        for (int i = 0; i < MAX_BATCH; i++) out[i] = Buffer.allocate(64);
        Buffer ack = Buffer.allocate(64);
        int outstanding = 0;
        double[] big = new double[BIG / 8];
        for (int seq = 0; seq < N; seq++) {
            Buffer b = out[outstanding].clear().write(new int[] {me, seq});
            if (seq % 250 == 7) b.write(big);
            int tag = 1 + rnd.nextInt(2);
            if (rnd.nextBoolean()) {
                pending[outstanding++] = w.isend(b, 0, tag);
            } else {
                w.send(b, 0, tag);
            }
            if (outstanding == MAX_BATCH || rnd.nextInt(4) == 0) {
                for (int i = 0; i < outstanding; i++) pending[i].iwait();
                outstanding = 0;
            }
            if ((seq + 1) % ACK_EVERY == 0 && seq + 1 < N) {
                for (int i = 0; i < outstanding; i++) pending[i].iwait();
                outstanding = 0;
                Status s = w.recv(ack, 0, TAG_ACK);
                Check.equal(0, s.source(), "ack source");
            }
            pause(rnd);
        }
        for (int i = 0; i < outstanding; i++) pending[i].iwait();
    }

    private static void receive(Comm w, int p, SplittableRandom rnd) {
        int[] next = new int[p];
        int remaining = (p - 1) * N;
        Buffer[] in = new Buffer[MAX_BATCH];
        Request[] reqs = new Request[MAX_BATCH];
        for (int i = 0; i < MAX_BATCH; i++) in[i] = Buffer.allocate(64);
        Buffer ack = Buffer.allocate(64).write(new int[] {0});
        int[] v = new int[2];
        while (remaining > 0) {
            // How many messages each sender sends before it waits for its next acknowledgement.
            int any = 0, source = 1 + rnd.nextInt(p - 1);
            for (int s = 1; s < p; s++) any += available(next[s]);
            boolean specific = rnd.nextBoolean() && available(next[source]) > 0;
            int limit = specific ? available(next[source]) : any;
            int k = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(Math.min(MAX_BATCH, limit)) : 1;
            int from = specific ? source : Comm.ANY_SOURCE;
            for (int i = 0; i < k; i++) {
                reqs[i] = w.irecv(in[i], from, Comm.ANY_TAG);
                if (rnd.nextInt(8) == 0) pause(rnd);
            }
            for (int i = 0; i < k; i++) {
                Status st = reqs[i].iwait();
                in[i].read(v, 0);
                int s = v[0];
                Check.that(s >= 1 && s < p, "sender id in message: " + s);
                Check.equal(s, st.source(), "status source");
                if (specific) Check.equal(source, s, "source of a receive from a chosen sender");
                Check.equal(next[s], v[1], "sequence number of the next message from rank " + s + " (non-overtaking)");
                if (v[1] % 250 == 7) Check.that(in[i].hasNextSection(), "large message " + v[1] + " keeps its second section");
                next[s]++;
                remaining--;
                if (next[s] % ACK_EVERY == 0 && next[s] < N) w.send(ack, s, TAG_ACK);
            }
            pause(rnd);
        }
        for (int s = 1; s < p; s++) Check.equal(N, next[s], "messages from rank " + s);
    }

    /** Messages a sender that has delivered {@code next} sends before waiting for an acknowledgement. */
    private static int available(int next) {
        if (next >= N) return 0;
        return Math.min(N, (next / ACK_EVERY + 1) * ACK_EVERY) - next;
    }
}

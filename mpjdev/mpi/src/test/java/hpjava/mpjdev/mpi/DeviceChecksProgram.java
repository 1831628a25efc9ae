package hpjava.mpjdev.mpi;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.NativeCollectives;
import hpjava.mpjdev.ReduceOp;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;
import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * A program run under mpirun by {@link MpiBackendTest}, at any number of ranks: exercises the mpi backend through the
 * mpjdev API and throws {@link AssertionError} (so the job fails) on any wrong result. Each check prints one line
 * from rank 0.
 */
public final class DeviceChecksProgram {
    private DeviceChecksProgram() {}

    public static void main(String[] args) {
        Comm world = Comm.world();
        check(world.backendName().equals("mpi"), "backend is " + world.backendName());
        // A barrier after each phase: wildcard receives of one phase must not meet the next phase's messages.
        Runnable barrier = () -> world.collectives().orElseThrow().barrier();
        ring(world, 16, 7);                       // inline messages
        ring(world, 300_000, 8);                  // large: announcement + body
        barrier.run();
        wildcards(world);
        barrier.run();
        nonOvertaking(world);
        barrier.run();
        nonBlocking(world);
        barrier.run();
        waitAnyWildcards(world);
        barrier.run();
        subCommunicators(world);
        barrier.run();
        collectives(world);
        barrier.run();
        threads(world);
        barrier.run();
        if (world.size() >= 2) allocation(world);
        if (world.id() == 0) System.out.println("DeviceChecksProgram: all checks passed on " + world.size() + " ranks");
    }

    static void check(boolean ok, String what) {
        if (!ok) throw new AssertionError("rank " + Comm.world().id() + ": " + what);
    }

    static void say(Comm c, String what) {
        if (c.id() == 0) System.out.println("check passed: " + what);
    }

    /** Each rank sends doubles to its right neighbour and checks what arrives from its left one. */
    static void ring(Comm c, int n, int tag) {
        int p = c.size(), me = c.id();
        double[] out = new double[n];
        for (int i = 0; i < n; i++) out[i] = me * 1e6 + i;
        try (Buffer s = BufferPool.shared().acquire(16); Buffer r = BufferPool.shared().acquire(16)) {
            s.clear().write(out).write(new int[] {me, n});
            Request rr = c.irecv(r, (me - 1 + p) % p, tag);
            c.send(s, (me + 1) % p, tag);
            Status st = rr.iwait();
            int left = (me - 1 + p) % p;
            check(st.source() == left && st.tag() == tag, "ring status " + st);
            double[] in = new double[n];
            int[] hdr = new int[2];
            r.read(in, 0);
            r.read(hdr, 0);
            check(hdr[0] == left && hdr[1] == n, "ring trailer " + Arrays.toString(hdr));
            for (int i = 0; i < n; i++) check(in[i] == left * 1e6 + i, "ring element " + i + " = " + in[i]);
        }
        say(c, "ring of " + n + " doubles");
    }

    /** Every rank sends its id with tag 100+id to rank 0, which receives with ANY_SOURCE / ANY_TAG. */
    static void wildcards(Comm c) {
        try (Buffer b = BufferPool.shared().acquire(64)) {
            if (c.id() != 0) {
                b.clear().write(new int[] {c.id()});
                c.send(b, 0, 100 + c.id());
            } else {
                boolean[] seen = new boolean[c.size()];
                for (int k = 1; k < c.size(); k++) {
                    Status st = c.recv(b, Comm.ANY_SOURCE, Comm.ANY_TAG);
                    int[] v = new int[1];
                    b.read(v, 0);
                    check(v[0] == st.source() && st.tag() == 100 + st.source() && !seen[st.source()], "wildcard " + st);
                    seen[st.source()] = true;
                }
            }
        }
        say(c, "ANY_SOURCE / ANY_TAG");
    }

    /** Rank 1 sends 200 numbered messages (small and large mixed) to rank 0 with one tag; they arrive in order. */
    static void nonOvertaking(Comm c) {
        if (c.size() < 2 || c.id() > 1) return;
        try (Buffer b = BufferPool.shared().acquire(64)) {
            for (int i = 0; i < 200; i++) {
                int len = i % 10 == 0 ? 20_000 : 1; // ints: 80 KB messages go as announcement + body
                if (c.id() == 1) {
                    int[] v = new int[len];
                    v[0] = i;
                    b.clear().write(v);
                    c.send(b, 0, 5);
                } else {
                    c.recv(b, i % 2 == 0 ? 1 : Comm.ANY_SOURCE, i % 3 == 0 ? 5 : Comm.ANY_TAG);
                    check(b.nextCount() == len, "message " + i + " has " + b.nextCount() + " ints");
                    int[] v = new int[len];
                    b.read(v, 0);
                    check(v[0] == i, "message " + i + " arrived as " + v[0]);
                }
            }
        }
        say(c, "non-overtaking over 200 messages");
    }

    /** All-to-all with isend/irecv, completed with iwaitany. */
    static void nonBlocking(Comm c) {
        int p = c.size(), me = c.id();
        Buffer[] in = new Buffer[p], out = new Buffer[p];
        Request[] reqs = new Request[2 * p];
        for (int k = 0; k < p; k++) {
            in[k] = BufferPool.shared().acquire(64);
            out[k] = BufferPool.shared().acquire(64);
            reqs[k] = c.irecv(in[k], k, 9);
        }
        for (int k = 0; k < p; k++) {
            long[] v = new long[k % 2 == 0 ? 3 : 12_000];
            Arrays.fill(v, me * 1000L + k);
            out[k].clear().write(v);
            reqs[p + k] = c.isend(out[k], k, 9);
        }
        for (int done = 0; done < 2 * p; done++) {
            Status st = Request.iwaitany(reqs);
            int i = st.index();
            check(i >= 0 && reqs[i] != null, "iwaitany index " + i);
            if (i < p) {
                check(st.source() == i, "irecv " + i + " from " + st.source());
                long[] v = new long[in[i].nextCount()];
                in[i].read(v, 0);
                check(v.length == (me % 2 == 0 ? 3 : 12_000) && v[v.length - 1] == i * 1000L + me, "irecv " + i + " content");
            }
            reqs[i] = null;
        }
        for (int k = 0; k < p; k++) {
            in[k].release();
            out[k].release();
        }
        say(c, "isend / irecv / iwaitany all-to-all");
    }

    /**
     * Rank 0 posts a wildcard receive (ANY_SOURCE, ANY_TAG) per message the others send (3 each, tags 300 + 3 id + m,
     * the second one large), then completes them all with iwaitany; which the FFM binding tests with one
     * MPI_Testsome per poll, copying each completed receive's MPI_Status out of Testsome's array: every status must
     * name the sender and tag its content says, each message exactly once.
     */
    static void waitAnyWildcards(Comm c) {
        int p = c.size(), me = c.id();
        int n = 3 * (p - 1);
        if (me != 0) {
            for (int m = 0; m < 3; m++) {
                try (Buffer b = BufferPool.shared().acquire(64)) {
                    int[] v = new int[m == 1 ? 40_000 : 2];
                    Arrays.fill(v, 300 + 3 * me + m);
                    v[0] = me;
                    c.send(b.clear().write(v), 0, 300 + 3 * me + m);
                }
            }
        } else {
            Buffer[] in = new Buffer[n];
            Request[] reqs = new Request[n];
            for (int k = 0; k < n; k++) {
                in[k] = BufferPool.shared().acquire(64);
                reqs[k] = c.irecv(in[k], Comm.ANY_SOURCE, Comm.ANY_TAG);
            }
            boolean[] seen = new boolean[3 * p];
            for (int done = 0; done < n; done++) {
                Status st = Request.iwaitany(reqs);
                int i = st.index();
                check(i >= 0 && i < n && reqs[i] != null, "iwaitany index " + i);
                int[] v = new int[in[i].nextCount()];
                in[i].read(v, 0);
                int tag = st.tag(), m = tag - 300 - 3 * st.source();
                check(v[0] == st.source() && v[v.length - 1] == tag && m >= 0 && m < 3 && v.length == (m == 1 ? 40_000 : 2),
                        "iwaitany status " + st + " for a message from " + v[0] + " tagged " + v[v.length - 1]);
                check(!seen[tag - 300], "message tagged " + tag + " received twice");
                seen[tag - 300] = true;
                reqs[i] = null;
            }
            for (Buffer b : in) b.release();
        }
        say(c, "iwaitany over wildcard receives (statuses through MPI_Testsome)");
    }

    /** Two sub-communicators used at once with the same tags never see each other's messages. */
    static void subCommunicators(Comm world) {
        int p = world.size();
        int[] even = java.util.stream.IntStream.range(0, p).filter(i -> i % 2 == 0).toArray();
        int[] odd = java.util.stream.IntStream.range(0, p).filter(i -> i % 2 == 1).toArray();
        int[] all = java.util.stream.IntStream.range(0, p).map(i -> p - 1 - i).toArray(); // reversed order
        Comm mine = world.create(world.id() % 2 == 0 ? even : odd);
        Comm reversed = world.create(all);
        check(reversed.id() == p - 1 - world.id(), "reversed id " + reversed.id());
        ring(mine, 5, 3);
        ring(reversed, 5, 3);
        // The same tag on world and on the reversed communicator, interleaved.
        try (Buffer a = BufferPool.shared().acquire(64); Buffer b = BufferPool.shared().acquire(64)) {
            int right = (reversed.id() + 1) % p, left = (reversed.id() - 1 + p) % p;
            Request ra = reversed.irecv(a, left, 1);
            Request rb = world.irecv(b, (world.id() - 1 + p) % p, 1);
            Buffer s = BufferPool.shared().acquire(64);
            s.clear().write(new int[] {-1});
            world.send(s, (world.id() + 1) % p, 1);
            s.clear().write(new int[] {+1});
            reversed.send(s, right, 1);
            s.release();
            int[] v = new int[1];
            ra.iwait();
            a.read(v, 0);
            check(v[0] == 1, "reversed communicator got " + v[0]);
            rb.iwait();
            b.read(v, 0);
            check(v[0] == -1, "world got " + v[0]);
        }
        say(world, "sub-communicators keep their messages apart");
    }

    /**
     * allreduceChecked: agreeing words reduce like allreduce (data carried with the words, and data too large to
     * carry); words that differ on one rank, even with another element type and count there, fail on every rank
     * with the arrays untouched, and the communicator's collectives stay in step afterwards.
     */
    static void checkedAllreduce(Comm c, NativeCollectives nc) {
        int p = c.size();
        double[] d = {c.id() + 1};
        check(nc.allreduceChecked(d, 0, 1, ReduceOp.SUM, 77, 1) && d[0] == p * (p + 1) / 2.0, "checked SUM " + d[0]);
        long[] big = new long[20];
        for (int i = 0; i < big.length; i++) big[i] = (long) i * (c.id() + 1);
        check(nc.allreduceChecked(big, 0, 20, ReduceOp.SUM, 77, 2) && big[19] == 19L * p * (p + 1) / 2, "checked large SUM " + big[19]);
        check(nc.allreduceChecked(new int[0], 0, 0, ReduceOp.MAX, 78, 3), "checked agreement without data");
        checkedSmallTypes(c, nc);
        if (p == 1) return;
        boolean odd = c.id() == p - 1;
        long[] l = {5, 6, 7, 8, 9, 10, 11, 12};
        double[] one = {4.5};
        boolean agreed = odd ? nc.allreduceChecked(l, 0, 8, ReduceOp.MAX, 79, 4) : nc.allreduceChecked(one, 0, 1, ReduceOp.SUM, 77, 4);
        check(!agreed && one[0] == 4.5 && l[0] == 5 && l[7] == 12, "a mismatch must fail on every rank, arrays untouched");
        agreed = odd ? nc.allreduceChecked(big, 0, 20, ReduceOp.SUM, 77, 6) : nc.allreduceChecked(big, 0, 20, ReduceOp.SUM, 77, 5);
        check(!agreed, "a sequence mismatch of large data must fail on every rank");
        float[] f = {c.id()};
        double[] g = {c.id()};
        agreed = odd ? nc.allreduceChecked(g, 0, 1, ReduceOp.MAX, 77, 7) : nc.allreduceChecked(f, 0, 1, ReduceOp.MAX, 77, 7);
        check(!agreed && f[0] == c.id() && g[0] == c.id(), "float against double with equal words must fail on every rank");
        agreed = nc.allreduceChecked(f, 0, 1, ReduceOp.MAX, 77, odd ? 9 : 8);
        check(!agreed && f[0] == c.id(), "a sequence mismatch of one float must fail on every rank");
        agreed = nc.allreduceChecked(f, 0, 1, ReduceOp.MAX, odd ? 77 + (1L << 40) : 77, 10);
        check(!agreed, "signatures differing in one high bit must fail on every rank");
        int[] after = {c.id()};
        nc.allreduce(after, 0, 1, ReduceOp.MAX);
        check(after[0] == p - 1, "allreduce after a failed check " + after[0]);
    }

    /**
     * Checked reductions of one element of every type the block carries with its words (narrow: 1 to 4 bytes at an
     * odd offset in the block; wide: 8 bytes), each bitwise as the left fold in rank order.
     */
    static void checkedSmallTypes(Comm c, NativeCollectives nc) {
        int p = c.size(), id = c.id();
        float[] f = {id == 0 ? 0.1f : 1e8f / id};
        float fe = 0.1f;
        for (int r = 1; r < p; r++) fe += 1e8f / r;
        check(nc.allreduceChecked(f, 0, 1, ReduceOp.SUM, 80, 11) && Float.floatToRawIntBits(f[0]) == Float.floatToRawIntBits(fe),
                "checked float SUM " + f[0] + " != " + fe);
        int[] i = {id + 1};
        check(nc.allreduceChecked(i, 0, 1, ReduceOp.PROD, 81, 12) && i[0] == factorial(p), "checked int PROD " + i[0]);
        short[] sh = {(short) (-id)};
        check(nc.allreduceChecked(sh, 0, 1, ReduceOp.MIN, 82, 13) && sh[0] == -(p - 1), "checked short MIN " + sh[0]);
        char[] ch = {(char) ('a' + id)};
        check(nc.allreduceChecked(ch, 0, 1, ReduceOp.MAX, 83, 14) && ch[0] == 'a' + p - 1, "checked char MAX " + ch[0]);
        byte[] by = {(byte) 100};
        check(nc.allreduceChecked(by, 0, 1, ReduceOp.SUM, 84, 15) && by[0] == (byte) (100 * p), "checked byte SUM wraps " + by[0]);
        boolean[] bo = {id == p - 1};
        check(nc.allreduceChecked(bo, 0, 1, ReduceOp.BOR, 85, 16) && bo[0], "checked boolean BOR " + bo[0]);
        long[] lo = {Long.MAX_VALUE - id};
        check(nc.allreduceChecked(lo, 0, 1, ReduceOp.MIN, 86, 17) && lo[0] == Long.MAX_VALUE - (p - 1), "checked long MIN " + lo[0]);
        double[] d = {id == 0 ? Double.NaN : -id};
        check(nc.allreduceChecked(d, 0, 1, ReduceOp.MAX, 87, 18) && Double.isNaN(d[0]), "checked double MAX keeps NaN " + d[0]);
        float[] two = {id, -id};   // 8 bytes of float: carried, but as wide data
        check(nc.allreduceChecked(two, 0, 2, ReduceOp.MAX, 88, 19) && two[0] == p - 1 && two[1] == 0, "checked float[2] MAX");
    }

    private static int factorial(int n) {
        return n <= 1 ? 1 : n * factorial(n - 1);
    }

    static void collectives(Comm world) {
        for (Comm c : new Comm[] {world, world.create(reverse(world.size()))}) {
            NativeCollectives nc = c.collectives().orElseThrow();
            nc.barrier();
            int root = c.size() - 1;
            int[] b = new int[5];
            if (c.id() == root) b = new int[] {0, 7, 8, 9, 0};
            nc.broadcast(b, 1, 3, root);
            check(Arrays.equals(b, new int[] {0, 7, 8, 9, 0}), "broadcast " + Arrays.toString(b));
            // Floating-point sum: bitwise equal to the left fold in rank order.
            double[] d = {0.1 * (c.id() + 1), 1e16 / (c.id() + 1), -0.0};
            nc.allreduce(d, 0, 3, ReduceOp.SUM);
            double[] expect = new double[3];
            for (int r = 0; r < c.size(); r++) {
                double[] v = {0.1 * (r + 1), 1e16 / (r + 1), -0.0};
                for (int i = 0; i < 3; i++) expect[i] = r == 0 ? v[i] : expect[i] + v[i];
            }
            check(Arrays.equals(d, expect), "allreduce SUM " + Arrays.toString(d) + " != " + Arrays.toString(expect));
            float[] f = {c.id() == 0 ? Float.NaN : c.id(), -c.id()};
            nc.allreduce(f, 0, 2, ReduceOp.MAX);
            check(Float.isNaN(f[0]) && Float.floatToRawIntBits(f[1]) == Float.floatToRawIntBits(0f), "allreduce MAX float " + Arrays.toString(f));
            byte[] by = {(byte) (100 + c.id())};
            nc.allreduce(by, 0, 1, ReduceOp.SUM);
            int s = 0;
            for (int r = 0; r < c.size(); r++) s += 100 + r;
            check(by[0] == (byte) s, "allreduce SUM byte wraps: " + by[0]);
            boolean[] bo = {c.id() % 2 == 0, true};
            nc.allreduce(bo, 0, 2, ReduceOp.BXOR);
            check(bo[0] == (((c.size() + 1) / 2) % 2 == 1) && bo[1] == (c.size() % 2 == 1), "allreduce BXOR " + Arrays.toString(bo));
            long[] l = {c.id(), -c.id()};
            nc.allreduce(l, 0, 2, ReduceOp.MIN);
            check(l[0] == 0 && l[1] == -(c.size() - 1), "allreduce MIN long " + Arrays.toString(l));
            try {
                nc.allreduce(new double[1], 0, 1, ReduceOp.BAND);
                check(false, "BAND on double accepted");
            } catch (IllegalArgumentException expected) {
                // the contract's error
            }
            checkedAllreduce(c, nc);
        }
        say(world, "native barrier, broadcast, allreduce, allreduceChecked (world and sub-communicator)");
    }

    /**
     * Several threads of ranks 0 and 1 use the world at once (the backend serialises its MPI calls itself; Open MPI
     * runs at MPI_THREAD_SINGLE by default): two threads ping-pong concurrently, one with small messages, one with large
     * ones (announcement + body), on their own tags; then a thread of rank 0 waits in a blocking receive that can only be
     * matched after another thread of rank 0 has sent (so a wait must never keep MPI from the other threads).
     */
    static void threads(Comm c) {
        if (c.size() < 2 || c.id() > 1) return;
        int me = c.id(), peer = 1 - me;
        Thread[] ts = new Thread[2];
        for (int k = 0; k < 2; k++) {
            final int len = k == 0 ? 4 : 40_000, tag = 60 + k;
            ts[k] = new Thread(() -> {
                double[] v = new double[len];
                try (Buffer b = BufferPool.shared().acquire(64)) {
                    for (int i = 0; i < 200; i++) {
                        if (me == 0) {
                            Arrays.fill(v, i + tag);
                            b.clear().write(v);
                            c.send(b, peer, tag);
                            c.recv(b, peer, tag);
                        } else {
                            c.recv(b, peer, tag);
                            b.read(v, 0);
                            check(v[len - 1] == i + tag, "thread on tag " + tag + ": round " + i + " got " + v[len - 1]);
                            b.clear().write(v);
                            c.send(b, peer, tag);
                        }
                    }
                }
            }, "device-checks-" + k);
            ts[k].start();
        }
        join(ts);
        // Rank 0: thread A receives tag 70, which rank 1 sends only after receiving tag 71 from rank 0's thread B.
        try (Buffer a = BufferPool.shared().acquire(64); Buffer b = BufferPool.shared().acquire(64)) {
            if (me == 0) {
                Thread waiter = new Thread(() -> {
                    c.recv(a, peer, 70);
                    int[] v = new int[1];
                    a.read(v, 0);
                    check(v[0] == 71, "cross-thread receive got " + v[0]);
                }, "device-checks-waiter");
                waiter.start();
                sleep(50); // the waiter is polling by now
                b.clear().write(new int[] {71});
                c.send(b, peer, 71);
                join(new Thread[] {waiter});
            } else {
                c.recv(b, peer, 71);
                c.send(b, peer, 70);
            }
        }
        say(c, "threads share the device (concurrent ping-pongs, a receive matched only after another thread's send)");
    }

    private static void join(Thread[] ts) {
        for (Thread t : ts) {
            try {
                t.join();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    static int[] reverse(int p) {
        return java.util.stream.IntStream.range(0, p).map(i -> p - 1 - i).toArray();
    }

    /**
     * Ranks 0 and 1 ping-pong pooled buffers; the bytes this thread allocates per round trip must be zero (at most 8,
     * for the odd allocation of the JIT's own bookkeeping) under the ffm binding. Under the jni binding Open MPI's Java
     * binding allocates a {@code mpi.Request} per operation itself, so there the figure is printed, not checked.
     */
    static void allocation(Comm c) {
        if (c.id() > 1) return;
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long self = Thread.currentThread().threadId();
        int peer = 1 - c.id();
        int n = 20_000;
        double[] payload = new double[1];
        boolean ffm = MpiOptions.ofRank().binding("ffm").equals("ffm");
        try (Buffer b = BufferPool.shared().acquire(64)) {
            for (int round = 0; round < 3; round++) { // the last round counts (warm-up before)
                long a0 = mx.getThreadAllocatedBytes(self);
                for (int i = 0; i < n; i++) {
                    if (c.id() == 0) {
                        b.clear().write(payload, 0, 1);
                        c.send(b, peer, 2);
                        c.recv(b, peer, 2);
                        b.read(payload, 0);
                    } else {
                        c.recv(b, peer, 2);
                        b.read(payload, 0);
                        b.clear().write(payload, 0, 1);
                        c.send(b, peer, 2);
                    }
                }
                long a1 = mx.getThreadAllocatedBytes(self);
                double ours = (double) (a1 - a0) / n;
                if (round == 2) {
                    if (c.id() == 0) System.out.printf("allocation per round trip: %.1f bytes%n", ours);
                    if (ffm) check(ours <= 8, "mpjdev over the ffm binding allocates " + ours + " bytes per round trip");
                }
            }
        }
        try (Buffer b = BufferPool.shared().acquire(64); Buffer r = BufferPool.shared().acquire(64)) {
            Request[] reqs = new Request[2];
            for (int round = 0; round < 3; round++) { // the same with isend, irecv and iwaitany
                long a0 = mx.getThreadAllocatedBytes(self);
                for (int i = 0; i < n; i++) {
                    b.clear().write(payload, 0, 1);
                    reqs[0] = c.irecv(r, peer, 3);
                    reqs[1] = c.isend(b, peer, 3);
                    for (int k = 0; k < 2; k++) reqs[Request.iwaitany(reqs).index()] = null;
                }
                double ours = (double) (mx.getThreadAllocatedBytes(self) - a0) / n;
                if (round == 2 && c.id() == 0) System.out.printf("allocation per isend/irecv/iwaitany exchange: %.1f bytes%n", ours);
                if (round == 2 && ffm) check(ours <= 8, "isend/irecv/iwaitany over the ffm binding allocate " + ours
                        + " bytes per exchange");
            }
        }
        say(c, ffm ? "no allocation per message" : "allocation per message measured (jni binding: not checked)");
    }
}

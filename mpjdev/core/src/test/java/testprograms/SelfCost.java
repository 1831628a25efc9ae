package testprograms;

import hpjava.mpjdev.*;

/**
 * CPU cost of the device path without a thread hand-off: an 8-byte send to oneself (eager: staged) followed by its
 * receive, on one rank. Prints the median over batches of the thread's CPU time (not wall time, which other
 * processes on a shared machine inflate) in ns per send+recv pair.
 * <pre>java -cp target/classes:target/test-classes hpjava.mpjdev.Launcher --np 1 testprograms.SelfCost</pre>
 */
public class SelfCost {
    public static void main(String[] args) {
        Comm w = Comm.world();
        Buffer s = BufferPool.shared().acquire(64), r = BufferPool.shared().acquire(64);
        long[] x = new long[1];
        double[] ns = new double[11];
        run(w, s, r, x, 200_000);
        for (int k = 0; k < ns.length; k++) ns[k] = run(w, s, r, x, 200_000);
        java.util.Arrays.sort(ns);
        System.out.printf("mt send+recv to self, 8 bytes: median %.1f ns CPU time (min %.1f)%n", ns[ns.length / 2], ns[0]);
    }

    static double run(Comm w, Buffer s, Buffer r, long[] x, int n) {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long t0 = mx.getCurrentThreadCpuTime();
        for (int i = 0; i < n; i++) {
            s.clear();
            x[0] = i;
            s.write(x, 0, 1);
            w.send(s, 0, 3);
            w.recv(r, 0, 3);
            r.read(x, 0);
        }
        return (mx.getCurrentThreadCpuTime() - t0) / (double) n;
    }
}

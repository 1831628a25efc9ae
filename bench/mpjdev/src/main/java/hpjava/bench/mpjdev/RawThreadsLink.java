package hpjava.bench.mpjdev;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * The raw-Java baseline for the {@code mt} backend: two platform threads of one JVM hand the same arrays over shared
 * memory, with the copies a device message needs (sender array to a shared array, shared array to receiver array) and
 * a volatile counter per hand-off. A waiting end spins ({@value #SPINS} x {@link Thread#onSpinWait()}, the window
 * PLATFORM-FACTS found best for a thread hand-off here), then parks until the other end unparks it. What mt costs above this is the
 * device itself: matching, buffers and headers, its own waiting.
 */
final class RawThreadsLink implements Link {
    private static final int SPINS = 2_000;
    private static final int DRIVER = 0, SERVER = 1;
    /** Counters, each on its own cache line (index * 16 longs). */
    private static final int ORDERS = 1, PING = 2, PONG = 3, PRODUCED = 4, ACKED = 5, COUNTERS = 7;
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);

    /** State shared by the two ends. */
    static final class Channel {
        final long[] counters = new long[COUNTERS * 16];
        final int[] parked = new int[3 * 16];
        final AtomicReferenceArray<Thread> threads = new AtomicReferenceArray<>(2);
        final int[] orderWords = new int[3];
        /** Set by the driver in {@link #prepare} before the order that uses them (published by that order). */
        Object[] wires = new Object[0];
        /** Set when either end fails; the other end's waits then throw instead of waiting forever. */
        volatile Throwable failure;
    }

    private final Channel ch;
    private final int role, other;
    private final int maxWindow;
    private long ordersSeen;
    /** Server: messages taken from the stream so far (the driver counts them in PRODUCED). */
    private long consumed;
    private Kind.Payload preparedFor;

    private RawThreadsLink(Channel ch, int role, int maxWindow) {
        this.ch = ch;
        this.role = role;
        this.other = 1 - role;
        this.maxWindow = maxWindow;
        ch.threads.set(role, Thread.currentThread());
    }

    /** The driving end; construct on the driving thread. */
    static RawThreadsLink driver(Channel ch, int maxWindow) {
        return new RawThreadsLink(ch, DRIVER, maxWindow);
    }

    /** The serving end; construct on the serving thread. */
    static RawThreadsLink server(Channel ch, int maxWindow) {
        return new RawThreadsLink(ch, SERVER, maxWindow);
    }

    private long get(int counter) {
        return (long) LONGS.getVolatile(ch.counters, counter * 16);
    }

    /** Advances a counter this end owns and wakes the other end if it sleeps. */
    private void publish(int counter, long value) {
        LONGS.setVolatile(ch.counters, counter * 16, value);
        if ((int) INTS.getVolatile(ch.parked, (other + 1) * 16) != 0) {
            Thread t = ch.threads.get(other);
            if (t != null) LockSupport.unpark(t);
        }
    }

    /** Waits until {@code counter >= value}: spins, then parks (announcing it so the publisher unparks). */
    private void await(int counter, long value) {
        for (int i = 0; i < SPINS; i++) {
            if (get(counter) >= value) return;
            Thread.onSpinWait();
        }
        int flag = (role + 1) * 16;
        INTS.setVolatile(ch.parked, flag, 1);
        try {
            while (get(counter) < value) {
                Throwable f = ch.failure;
                if (f != null) throw new IllegalStateException("the other end of the raw-threads baseline failed: " + f, f);
                LockSupport.parkNanos(1_000_000);
            }
        } finally {
            INTS.setVolatile(ch.parked, flag, 0);
        }
    }

    /** Driver: makes the shared arrays for a payload (outside the timed region; once per payload). */
    @Override
    public void prepare(Kind.Payload pay, int window) {
        if (pay == preparedFor) return;
        preparedFor = pay;
        Object[] w = new Object[Math.max(2, Math.min(window, maxWindow))];
        for (int k = 0; k < w.length; k++) w[k] = pay.newWire();
        ch.wires = w;
    }

    @Override
    public void order(int op, int point, int iters) {
        ch.orderWords[0] = op;
        ch.orderWords[1] = point;
        ch.orderWords[2] = iters;
        publish(ORDERS, get(ORDERS) + 1); // the volatile write publishes the words and the wires
    }

    @Override
    public int[] awaitOrder() {
        ordersSeen++;
        await(ORDERS, ordersSeen);
        return ch.orderWords;
    }

    @Override
    public void pingPong(Kind.Payload pay, int iters) {
        final Object out = ch.wires[0], back = ch.wires[1];
        long s = get(PING);
        for (int n = 0; n < iters; n++) {
            pay.copyOut(out);
            publish(PING, ++s);
            await(PONG, s);
            pay.copyIn(back);
        }
    }

    @Override
    public void echo(Kind.Payload pay, int iters) {
        final Object in = ch.wires[0], back = ch.wires[1];
        long s = get(PONG);
        for (int n = 0; n < iters; n++) {
            await(PING, ++s);
            pay.copyIn(in);
            pay.copyOut(back);
            publish(PONG, s);
        }
    }

    @Override
    public void stream(Kind.Payload pay, int iters, int w) {
        final Object[] wires = ch.wires;
        long produced = get(PRODUCED), acked = get(ACKED);
        for (int n = 0; n < iters; n++) {
            for (int k = 0; k < w; k++) {
                pay.copyOut(wires[k]);
                publish(PRODUCED, ++produced);
            }
            await(ACKED, ++acked);
        }
    }

    @Override
    public void sink(Kind.Payload pay, int iters, int w) {
        final Object[] wires = ch.wires;
        long got = consumed, acked = get(ACKED);
        for (int n = 0; n < iters; n++) {
            for (int k = 0; k < w; k++) {
                await(PRODUCED, ++got);
                pay.copyIn(wires[k]);
            }
            publish(ACKED, ++acked);
        }
        consumed = got;
    }

    @Override
    public void close() {
        ch.wires = new Object[0];
    }
}

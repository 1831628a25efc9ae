package hpjava.bench.mpjdev;

/**
 * The two ends of a measurement and what passes between them: the device ({@link DeviceLink}, ranks 0 and 1 of a
 * job) or the raw baseline ({@link RawThreadsLink}, two threads handing arrays over shared memory). The driving end
 * calls {@link #order}, then runs its half of a pattern; the serving end takes orders with {@link #awaitOrder} and
 * runs the other half. Both halves of a pattern allocate nothing (for primitive payloads).
 */
interface Link {
    int OP_STOP = -1, OP_RUN = 0, OP_VERIFY = 1;

    /** Driver: called before each order, outside the timed region, with the payload the order will use. */
    default void prepare(Kind.Payload pay, int window) {
    }

    /** Driver: tells the server what to do next ({@code words} = op, point index, iterations). */
    void order(int op, int point, int iters);

    /** Server: waits for the next order; returns {op, point, iters} (the array is reused). */
    int[] awaitOrder();

    /** Driver half of the ping-pong: {@code iters} times send {@code pay}, receive the echo. */
    void pingPong(Kind.Payload pay, int iters);

    /** Server half of the ping-pong. */
    void echo(Kind.Payload pay, int iters);

    /** Driver half of the streaming test: per iteration, {@code window} messages then wait for an acknowledgement. */
    void stream(Kind.Payload pay, int iters, int window);

    /** Server half of the streaming test. */
    void sink(Kind.Payload pay, int iters, int window);

    /** Frees what the link holds. */
    void close();
}

package hpjava.bench.ucx;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.ucx.ffm.Ucp;
import hpjava.mpjdev.ucx.ffm.UcpContext;
import hpjava.mpjdev.ucx.ffm.UcpStructs;
import hpjava.mpjdev.ucx.ffm.UcpWorker;

import java.lang.foreign.Arena;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import static hpjava.mpjdev.ucx.ffm.UcpConstants.UCP_AM_FLAG_WHOLE_MSG;
import static hpjava.mpjdev.ucx.ffm.UcpConstants.UCS_THREAD_MODE_SINGLE;

/**
 * {@code ucx_perftest -t ucp_am_lat -s 8} written in Java on the project's {@code java.lang.foreign} bindings (the
 * issue's "spike"): a second UCX context and worker in each of the two rank processes, 8-byte active messages without
 * a header, a handler (an upcall) that counts arrivals and touches no data, the waiting side calling
 * {@code ucp_worker_progress} in a tight loop: the same UCX calls, upcall and downcalls as the device's general
 * path, none of its matching, buffers or locking, so this / perftest is what crossing into Java costs. It is no
 * longer a floor under the device: the device receives most tiny messages without an upcall (its {@code TinySlots}),
 * so device / this also counts what that saves; an upcall-free version of this loop ran 16-21 % faster.
 *
 * <p>One instance per process (the handler's counter is static); the device is used only to exchange worker addresses.
 */
final class FfmPingPong implements AutoCloseable {
    private static final int AM_ID = 1;
    private static final int BYTES = 8;

    /** Messages that arrived; written by the handler on the thread that drives progress, read by the same thread. */
    private static volatile long arrivals;
    private static boolean opened;

    private final Arena arena = Arena.ofShared();
    private final UcpContext context;
    private final UcpWorker worker;
    private final long workerHandle;
    private final long endpoint;
    private final long sendParam;
    private final long message;
    private long seen;

    @SuppressWarnings("unused") // the upcall target
    private static byte onMessage(long arg, long header, long headerLength, long data, long length, long param) {
        arrivals = arrivals + 1;
        return 0; // UCS_OK
    }

    /** Opens the ping-pong between the two ranks of {@code c} (collective). */
    static synchronized FfmPingPong open(Comm c) {
        if (opened) throw new IllegalStateException("one FfmPingPong per process");
        opened = true;
        return new FfmPingPong(c);
    }

    private FfmPingPong(Comm c) {
        context = UcpContext.create("ffm-ping-pong", 2, 2);
        worker = UcpWorker.create(context, UCS_THREAD_MODE_SINGLE, "ffm-ping-pong");
        workerHandle = worker.handle();
        try {
            var handler = MethodHandles.lookup().findStatic(FfmPingPong.class, "onMessage", MethodType.methodType(
                    byte.class, long.class, long.class, long.class, long.class, long.class, long.class));
            worker.setAmHandler(AM_ID, UCP_AM_FLAG_WHOLE_MSG, Ucp.amRecvCallbackStub(handler, arena), 0);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        byte[] mine = worker.address();
        Buffer out = Buffer.allocate(mine.length + 64).write(mine);
        Buffer in = Buffer.allocate(mine.length + 64);
        int peer = 1 - c.id();
        var received = c.irecv(in, peer, 4);
        c.send(out, peer, 4);
        received.iwait();
        byte[] theirs = new byte[in.nextCount()];
        in.read(theirs, 0);
        endpoint = worker.connect(theirs, "ffm-ping-pong");
        sendParam = arena.allocate(UcpStructs.UCP_REQUEST_PARAM).address();
        message = arena.allocate(BYTES, 8).address();
        out.clear(); // both endpoints exist before either side sends on them
        received = c.irecv(in, peer, 4);
        c.send(out, peer, 4);
        received.iwait();
        out.release();
        in.release();
    }

    /** {@code n} round trips between rank 0 (sends first) and rank 1. */
    void pingPong(int rank, int n) {
        final long ep = endpoint, worker = workerHandle, param = sendParam, msg = message;
        for (int i = 0; i < n; i++) {
            if (rank == 0) {
                send(ep, msg, param);
                awaitOne(worker);
            } else {
                awaitOne(worker);
                send(ep, msg, param);
            }
        }
    }

    private static void send(long ep, long msg, long param) {
        long sp = Ucp.ucp_am_send_nbx(ep, AM_ID, 0, 0, msg, BYTES, param);
        if (sp != 0) throw new IllegalStateException("an 8-byte active message did not complete inline (" + sp + ")");
    }

    private void awaitOne(long worker) {
        long expected = seen + 1;
        while (arrivals < expected) Ucp.ucp_worker_progress(worker);
        seen = expected;
    }

    /**
     * Destroys the worker, which releases its endpoint (closing it first would mean a flush the peer may no longer
     * serve, or a forced close, which UCX 1.13 refuses for endpoints without peer error handling).
     */
    @Override
    public void close() {
        worker.close();
        context.close();
        arena.close();
    }
}

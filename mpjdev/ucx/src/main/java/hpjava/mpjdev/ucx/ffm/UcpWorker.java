package hpjava.mpjdev.ucx.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static hpjava.mpjdev.ucx.ffm.UcpConstants.*;
import static hpjava.mpjdev.ucx.ffm.UcpStructs.*;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * A {@code ucp_worker_h}: its address, endpoints to other workers, active-message handlers, progress.
 * Not thread-safe: created in {@link UcpConstants#UCS_THREAD_MODE_SINGLE} mode, so every call, including progress,
 * must come from one thread at a time with a happens-before edge between threads (the caller's contract).
 */
public final class UcpWorker implements AutoCloseable {
    private final long handle;
    private boolean closed;

    private UcpWorker(long handle) {
        this.handle = handle;
    }

    public static UcpWorker create(UcpContext context, int threadMode, String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment params = arena.allocate(UCP_WORKER_PARAMS);
            params.set(JAVA_LONG, offset(UCP_WORKER_PARAMS, "field_mask"),
                    UCP_WORKER_PARAM_FIELD_THREAD_MODE | UCP_WORKER_PARAM_FIELD_NAME);
            params.set(JAVA_INT, offset(UCP_WORKER_PARAMS, "thread_mode"), threadMode);
            params.set(JAVA_LONG, offset(UCP_WORKER_PARAMS, "name"), arena.allocateFrom(name).address());
            MemorySegment out = arena.allocate(JAVA_LONG);
            Ucp.check("ucp_worker_create", Ucp.ucp_worker_create(context.handle(), params.address(), out.address()));
            return new UcpWorker(out.get(JAVA_LONG, 0));
        }
    }

    /** The {@code ucp_worker_h}. */
    public long handle() {
        return handle;
    }

    /** This worker's address, to hand to peers for {@link #connect}. */
    public byte[] address() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_LONG, 2);
            Ucp.check("ucp_worker_get_address",
                    Ucp.ucp_worker_get_address(handle, out.address(), out.address() + 8));
            long address = out.getAtIndex(JAVA_LONG, 0);
            long length = out.getAtIndex(JAVA_LONG, 1);
            byte[] bytes = NativeMemory.segment(address, length).toArray(JAVA_BYTE);
            Ucp.ucp_worker_release_address(handle, address);
            return bytes;
        }
    }

    /** {@code ucp_ep_create} to the worker with this address; returns the {@code ucp_ep_h}. */
    public long connect(byte[] remoteAddress, String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment address = arena.allocate(remoteAddress.length);
            MemorySegment.copy(remoteAddress, 0, address, JAVA_BYTE, 0, remoteAddress.length);
            MemorySegment params = arena.allocate(UCP_EP_PARAMS);
            params.set(JAVA_LONG, offset(UCP_EP_PARAMS, "field_mask"), UCP_EP_PARAM_FIELD_REMOTE_ADDRESS
                    | UCP_EP_PARAM_FIELD_ERR_HANDLING_MODE | UCP_EP_PARAM_FIELD_NAME);
            params.set(JAVA_LONG, offset(UCP_EP_PARAMS, "address"), address.address());
            params.set(JAVA_INT, offset(UCP_EP_PARAMS, "err_mode"), UCP_ERR_HANDLING_MODE_NONE);
            params.set(JAVA_LONG, offset(UCP_EP_PARAMS, "name"), arena.allocateFrom(name).address());
            MemorySegment out = arena.allocate(JAVA_LONG);
            Ucp.check("ucp_ep_create", Ucp.ucp_ep_create(handle, params.address(), out.address()));
            return out.get(JAVA_LONG, 0);
        }
    }

    /**
     * Registers {@code callback} (an upcall stub of type {@link Ucp#AM_RECV_CALLBACK}) for active-message id
     * {@code id}, with {@code ucp_am_cb_flags} {@code flags}.
     */
    public void setAmHandler(int id, int flags, MemorySegment callback, long arg) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment p = arena.allocate(UCP_AM_HANDLER_PARAM);
            p.set(JAVA_LONG, offset(UCP_AM_HANDLER_PARAM, "field_mask"), UCP_AM_HANDLER_PARAM_FIELD_ID
                    | UCP_AM_HANDLER_PARAM_FIELD_FLAGS | UCP_AM_HANDLER_PARAM_FIELD_CB
                    | UCP_AM_HANDLER_PARAM_FIELD_ARG);
            p.set(JAVA_INT, offset(UCP_AM_HANDLER_PARAM, "id"), id);
            p.set(JAVA_INT, offset(UCP_AM_HANDLER_PARAM, "flags"), flags);
            p.set(JAVA_LONG, offset(UCP_AM_HANDLER_PARAM, "cb"), callback.address());
            p.set(JAVA_LONG, offset(UCP_AM_HANDLER_PARAM, "arg"), arg);
            Ucp.check("ucp_worker_set_am_recv_handler", Ucp.ucp_worker_set_am_recv_handler(handle, p.address()));
        }
    }

    /** {@code ucp_worker_progress}: runs pending work, including handler upcalls on this thread. */
    public int progress() {
        return Ucp.ucp_worker_progress(handle);
    }

    /** Flushes every outstanding operation of this worker, driving progress until done. */
    public void flush() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment param = arena.allocate(UCP_REQUEST_PARAM);
            await("ucp_worker_flush_nbx", Ucp.ucp_worker_flush_nbx(handle, param.address()));
        }
    }

    /** Drives progress until the status pointer returned by an {@code _nbx} call completes; frees the request. */
    public void await(String call, long statusPtr) {
        if (Ucp.isError(statusPtr)) throw new UcxException(call, Ucp.errorStatus(statusPtr));
        if (statusPtr == 0) return;
        byte status;
        while ((status = Ucp.ucp_request_check_status(statusPtr)) == UCS_INPROGRESS) progress();
        Ucp.ucp_request_free(statusPtr);
        Ucp.check(call, status);
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        Ucp.ucp_worker_destroy(handle);
    }
}

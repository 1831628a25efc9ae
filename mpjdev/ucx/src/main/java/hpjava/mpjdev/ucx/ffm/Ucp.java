package hpjava.mpjdev.ucx.ffm;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

import static hpjava.mpjdev.ucx.ffm.UcpStructs.PTR;
import static hpjava.mpjdev.ucx.ffm.UcpStructs.SIZE_T;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

/**
 * Downcalls into libucp/libucs, one static method per C function, named after it. Pointers are passed and returned
 * as {@code long} addresses (identical to {@code void*} in the LP64 calling conventions), so that the hot calls
 * allocate nothing; native memory is read and written through {@link NativeMemory}. {@code ucs_status_t} is an int8
 * in C (a packed enum) and is returned here as {@code byte}.
 *
 * <p>Calls that can run upcalls (progress, send, receive, endpoint close) are plain downcalls; short calls that cannot
 * ({@code ucp_request_check_status}, {@code ucp_request_free}, {@code ucp_am_data_release}) are marked critical.
 *
 * <p>Loading this class requires {@link UcxLibrary#require()} to succeed; callers call it first.
 */
public final class Ucp {
    private Ucp() {}

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIB = UcxLibrary.require();

    private static MethodHandle handle(String name, FunctionDescriptor fd, Linker.Option... options) {
        return LINKER.downcallHandle(UcxLibrary.find(LIB, name), fd, options);
    }

    private static FunctionDescriptor fn(MemoryLayout result, MemoryLayout... args) {
        return FunctionDescriptor.of(result, args);
    }

    private static final Linker.Option CRITICAL = Linker.Option.critical(false);

    private static final MethodHandle UCS_STATUS_STRING = handle("ucs_status_string", fn(PTR, JAVA_BYTE));
    private static final MethodHandle UCP_GET_VERSION_STRING = handle("ucp_get_version_string", fn(PTR));
    private static final MethodHandle UCP_CONFIG_READ = handle("ucp_config_read", fn(JAVA_BYTE, PTR, PTR, PTR));
    private static final MethodHandle UCP_CONFIG_RELEASE = handle("ucp_config_release",
            FunctionDescriptor.ofVoid(PTR));
    private static final MethodHandle UCP_INIT_VERSION = handle("ucp_init_version",
            fn(JAVA_BYTE, JAVA_INT, JAVA_INT, PTR, PTR, PTR));
    private static final MethodHandle UCP_CLEANUP = handle("ucp_cleanup", FunctionDescriptor.ofVoid(PTR));
    private static final MethodHandle UCP_WORKER_CREATE = handle("ucp_worker_create", fn(JAVA_BYTE, PTR, PTR, PTR));
    private static final MethodHandle UCP_WORKER_DESTROY = handle("ucp_worker_destroy", FunctionDescriptor.ofVoid(PTR));
    private static final MethodHandle UCP_WORKER_GET_ADDRESS = handle("ucp_worker_get_address",
            fn(JAVA_BYTE, PTR, PTR, PTR));
    private static final MethodHandle UCP_WORKER_RELEASE_ADDRESS = handle("ucp_worker_release_address",
            FunctionDescriptor.ofVoid(PTR, PTR));
    private static final MethodHandle UCP_WORKER_PROGRESS = handle("ucp_worker_progress", fn(JAVA_INT, PTR));
    private static final MethodHandle UCP_WORKER_SET_AM_RECV_HANDLER = handle("ucp_worker_set_am_recv_handler",
            fn(JAVA_BYTE, PTR, PTR));
    private static final MethodHandle UCP_WORKER_FLUSH_NBX = handle("ucp_worker_flush_nbx", fn(PTR, PTR, PTR));
    private static final MethodHandle UCP_EP_CREATE = handle("ucp_ep_create", fn(JAVA_BYTE, PTR, PTR, PTR));
    private static final MethodHandle UCP_EP_CLOSE_NBX = handle("ucp_ep_close_nbx", fn(PTR, PTR, PTR));
    private static final MethodHandle UCP_AM_SEND_NBX = handle("ucp_am_send_nbx",
            fn(PTR, PTR, JAVA_INT, PTR, SIZE_T, PTR, SIZE_T, PTR));
    private static final MethodHandle UCP_AM_RECV_DATA_NBX = handle("ucp_am_recv_data_nbx",
            fn(PTR, PTR, PTR, PTR, SIZE_T, PTR));
    private static final MethodHandle UCP_AM_DATA_RELEASE = handle("ucp_am_data_release",
            FunctionDescriptor.ofVoid(PTR, PTR), CRITICAL);
    private static final MethodHandle UCP_REQUEST_CHECK_STATUS = handle("ucp_request_check_status",
            fn(JAVA_BYTE, PTR), CRITICAL);
    private static final MethodHandle UCP_REQUEST_FREE = handle("ucp_request_free", FunctionDescriptor.ofVoid(PTR),
            CRITICAL);
    private static final MethodHandle UCP_REQUEST_CANCEL = handle("ucp_request_cancel",
            FunctionDescriptor.ofVoid(PTR, PTR));

    /**
     * Signature of {@code ucp_am_recv_callback_t}: {@code ucs_status_t (*)(void *arg, const void *header,
     * size_t header_length, void *data, size_t length, const ucp_am_recv_param_t *param)}, pointers as longs.
     * An upcall with this shape must catch every exception: one escaping an upcall kills the JVM.
     */
    public static final FunctionDescriptor AM_RECV_CALLBACK = UcpStructs.AM_RECV_CALLBACK;

    /** {@code UCS_PTR_IS_ERR}: the value returned by an {@code _nbx} call encodes an error status. */
    public static boolean isError(long statusPtr) {
        return Long.compareUnsigned(statusPtr, UcpConstants.UCS_ERR_LAST) >= 0;
    }

    /** {@code UCS_PTR_IS_PTR}: the value returned by an {@code _nbx} call is a request to poll and free. */
    public static boolean isRequest(long statusPtr) {
        return statusPtr != 0 && !isError(statusPtr);
    }

    /** {@code UCS_PTR_RAW_STATUS} of an error value. */
    public static int errorStatus(long statusPtr) {
        return (int) statusPtr;
    }

    public static String statusString(int status) {
        try {
            return NativeMemory.string((long) UCS_STATUS_STRING.invokeExact((byte) status));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static String ucp_get_version_string() {
        try {
            return NativeMemory.string((long) UCP_GET_VERSION_STRING.invokeExact());
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static byte ucp_config_read(long envPrefix, long filename, long configOut) {
        try {
            return (byte) UCP_CONFIG_READ.invokeExact(envPrefix, filename, configOut);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void ucp_config_release(long config) {
        try {
            UCP_CONFIG_RELEASE.invokeExact(config);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static byte ucp_init_version(int apiMajor, int apiMinor, long params, long config, long contextOut) {
        try {
            return (byte) UCP_INIT_VERSION.invokeExact(apiMajor, apiMinor, params, config, contextOut);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void ucp_cleanup(long context) {
        try {
            UCP_CLEANUP.invokeExact(context);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static byte ucp_worker_create(long context, long params, long workerOut) {
        try {
            return (byte) UCP_WORKER_CREATE.invokeExact(context, params, workerOut);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void ucp_worker_destroy(long worker) {
        try {
            UCP_WORKER_DESTROY.invokeExact(worker);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static byte ucp_worker_get_address(long worker, long addressOut, long lengthOut) {
        try {
            return (byte) UCP_WORKER_GET_ADDRESS.invokeExact(worker, addressOut, lengthOut);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void ucp_worker_release_address(long worker, long address) {
        try {
            UCP_WORKER_RELEASE_ADDRESS.invokeExact(worker, address);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Runs the worker's pending work, including active-message handler upcalls; returns the number of events. */
    public static int ucp_worker_progress(long worker) {
        try {
            return (int) UCP_WORKER_PROGRESS.invokeExact(worker);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static byte ucp_worker_set_am_recv_handler(long worker, long param) {
        try {
            return (byte) UCP_WORKER_SET_AM_RECV_HANDLER.invokeExact(worker, param);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static long ucp_worker_flush_nbx(long worker, long param) {
        try {
            return (long) UCP_WORKER_FLUSH_NBX.invokeExact(worker, param);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static byte ucp_ep_create(long worker, long params, long epOut) {
        try {
            return (byte) UCP_EP_CREATE.invokeExact(worker, params, epOut);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static long ucp_ep_close_nbx(long ep, long param) {
        try {
            return (long) UCP_EP_CLOSE_NBX.invokeExact(ep, param);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static long ucp_am_send_nbx(long ep, int id, long header, long headerLength, long buffer, long count,
                                       long param) {
        try {
            return (long) UCP_AM_SEND_NBX.invokeExact(ep, id, header, headerLength, buffer, count, param);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static long ucp_am_recv_data_nbx(long worker, long dataDesc, long buffer, long count, long param) {
        try {
            return (long) UCP_AM_RECV_DATA_NBX.invokeExact(worker, dataDesc, buffer, count, param);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void ucp_am_data_release(long worker, long data) {
        try {
            UCP_AM_DATA_RELEASE.invokeExact(worker, data);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static byte ucp_request_check_status(long request) {
        try {
            return (byte) UCP_REQUEST_CHECK_STATUS.invokeExact(request);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void ucp_request_free(long request) {
        try {
            UCP_REQUEST_FREE.invokeExact(request);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public static void ucp_request_cancel(long worker, long request) {
        try {
            UCP_REQUEST_CANCEL.invokeExact(worker, request);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Throws {@link UcxException} when {@code status} is an error. */
    public static void check(String call, byte status) {
        if (status < 0) throw new UcxException(call, status);
    }

    /** Downcall handles throw only what the native code cannot (linkage errors); keep them unchecked. */
    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) throw r;
        if (t instanceof Error e) throw e;
        throw new IllegalStateException(t);
    }

    /** An upcall stub for {@code target}, which must have the type of {@link #AM_RECV_CALLBACK}. */
    public static MemorySegment amRecvCallbackStub(MethodHandle target, java.lang.foreign.Arena arena) {
        return LINKER.upcallStub(target, AM_RECV_CALLBACK, arena);
    }
}

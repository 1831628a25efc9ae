package hpjava.mpjdev.ucx.ffm;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static hpjava.mpjdev.ucx.ffm.UcpConstants.*;
import static hpjava.mpjdev.ucx.ffm.UcpStructs.UCP_PARAMS;
import static hpjava.mpjdev.ucx.ffm.UcpStructs.offset;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/** A {@code ucp_context_h} with the active-message feature, configured from the {@code UCX_*} environment. */
public final class UcpContext implements AutoCloseable {
    private final long handle;
    private boolean closed;

    private UcpContext(long handle) {
        this.handle = handle;
    }

    /**
     * {@code ucp_config_read} + {@code ucp_init_version(1, 13, ...)} ({@code ucp_init} is a header inline, not a
     * symbol). {@code estimatedEndpoints} and {@code processesPerNode} let UCX size its resources for the job.
     */
    public static UcpContext create(String name, int estimatedEndpoints, int processesPerNode) {
        UcxLibrary.require();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_LONG);
            Ucp.check("ucp_config_read", Ucp.ucp_config_read(0, 0, out.address()));
            long config = out.get(JAVA_LONG, 0);
            MemorySegment params = arena.allocate(UCP_PARAMS);
            params.set(JAVA_LONG, offset(UCP_PARAMS, "field_mask"), UCP_PARAM_FIELD_FEATURES
                    | UCP_PARAM_FIELD_ESTIMATED_NUM_EPS | UCP_PARAM_FIELD_ESTIMATED_NUM_PPN | UCP_PARAM_FIELD_NAME);
            params.set(JAVA_LONG, offset(UCP_PARAMS, "features"), UCP_FEATURE_AM);
            params.set(JAVA_LONG, offset(UCP_PARAMS, "estimated_num_eps"), estimatedEndpoints);
            params.set(JAVA_LONG, offset(UCP_PARAMS, "estimated_num_ppn"), processesPerNode);
            params.set(JAVA_LONG, offset(UCP_PARAMS, "name"), arena.allocateFrom(name).address());
            byte status = Ucp.ucp_init_version(UCP_API_MAJOR, UCP_API_MINOR, params.address(), config,
                    out.address());
            Ucp.ucp_config_release(config);
            Ucp.check("ucp_init_version", status);
            return new UcpContext(out.get(JAVA_LONG, 0));
        }
    }

    /** The {@code ucp_context_h}. */
    public long handle() {
        return handle;
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        Ucp.ucp_cleanup(handle);
    }
}

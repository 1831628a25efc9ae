package hpjava.mpjdev.ucx.ffm;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.GroupLayout;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemoryLayout.PathElement;
import java.lang.foreign.SequenceLayout;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * The UCX 1.13 parameter structs the bindings fill in. Each layout is named after its C typedef and each member
 * after its C field, so that {@code UcpLayoutTest} can generate a C program printing {@code offsetof}/{@code sizeof}
 * of every member and compare them with these layouts. Padding follows the C rules (each member at its natural
 * alignment, the struct rounded up to its largest alignment), computed by {@link #cStruct}, not written by hand.
 * Unions are represented by one pointer-sized member carrying the union's name (all members of the unions used here
 * are pointers).
 */
public final class UcpStructs {
    private UcpStructs() {}

    /** A C pointer. Pointers are carried as {@code long} addresses throughout the bindings (LP64 only). */
    static final ValueLayout.OfLong PTR = JAVA_LONG;
    static final ValueLayout.OfLong SIZE_T = JAVA_LONG;
    static final ValueLayout.OfLong U64 = JAVA_LONG;
    static final ValueLayout.OfInt U32 = JAVA_INT;
    static final ValueLayout.OfInt ENUM = JAVA_INT;

    /** {@link Ucp#AM_RECV_CALLBACK}, defined here so that it is usable without loading UCX. */
    static final FunctionDescriptor AM_RECV_CALLBACK = FunctionDescriptor.of(JAVA_BYTE, PTR, PTR, SIZE_T, PTR,
            SIZE_T, PTR);

    public static final StructLayout UCP_PARAMS = cStruct("ucp_params_t",
            U64.withName("field_mask"),
            U64.withName("features"),
            SIZE_T.withName("request_size"),
            PTR.withName("request_init"),
            PTR.withName("request_cleanup"),
            U64.withName("tag_sender_mask"),
            JAVA_INT.withName("mt_workers_shared"),
            SIZE_T.withName("estimated_num_eps"),
            SIZE_T.withName("estimated_num_ppn"),
            PTR.withName("name"));

    /** {@code ucs_cpu_set_t}: UCS_CPU_SETSIZE (1024) bits. */
    static final SequenceLayout UCS_CPU_SET = MemoryLayout.sequenceLayout(1024 / 64, U64);

    public static final StructLayout UCP_WORKER_PARAMS = cStruct("ucp_worker_params_t",
            U64.withName("field_mask"),
            ENUM.withName("thread_mode"),
            UCS_CPU_SET.withName("cpu_mask"),
            U32.withName("events"),
            PTR.withName("user_data"),
            JAVA_INT.withName("event_fd"),
            U64.withName("flags"),
            PTR.withName("name"),
            SIZE_T.withName("am_alignment"),
            U64.withName("client_id"));

    static final StructLayout UCP_ERR_HANDLER = cStruct("ucp_err_handler_t",
            PTR.withName("cb"),
            PTR.withName("arg"));

    static final StructLayout UCS_SOCK_ADDR = cStruct("ucs_sock_addr_t",
            PTR.withName("addr"),
            U32.withName("addrlen"));

    public static final StructLayout UCP_EP_PARAMS = cStruct("ucp_ep_params_t",
            U64.withName("field_mask"),
            PTR.withName("address"),
            ENUM.withName("err_mode"),
            UCP_ERR_HANDLER.withName("err_handler"),
            PTR.withName("user_data"),
            U32.withName("flags"),
            UCS_SOCK_ADDR.withName("sockaddr"),
            PTR.withName("conn_request"),
            PTR.withName("name"),
            UCS_SOCK_ADDR.withName("local_sockaddr"));

    public static final StructLayout UCP_AM_HANDLER_PARAM = cStruct("ucp_am_handler_param_t",
            U64.withName("field_mask"),
            U32.withName("id"),
            U32.withName("flags"),
            PTR.withName("cb"),
            PTR.withName("arg"));

    public static final StructLayout UCP_AM_RECV_PARAM = cStruct("ucp_am_recv_param_t",
            U64.withName("recv_attr"),
            PTR.withName("reply_ep"));

    public static final StructLayout UCP_REQUEST_PARAM = cStruct("ucp_request_param_t",
            U32.withName("op_attr_mask"),
            U32.withName("flags"),
            PTR.withName("request"),
            PTR.withName("cb"),
            U64.withName("datatype"),
            PTR.withName("user_data"),
            PTR.withName("reply_buffer"),
            ENUM.withName("memory_type"),
            PTR.withName("recv_info"),
            PTR.withName("memh"));

    /** Every struct above, for the layout test. */
    public static final List<StructLayout> ALL = List.of(UCP_PARAMS, UCP_WORKER_PARAMS, UCP_ERR_HANDLER,
            UCS_SOCK_ADDR, UCP_EP_PARAMS, UCP_AM_HANDLER_PARAM, UCP_AM_RECV_PARAM, UCP_REQUEST_PARAM);

    /** Byte offset of a (possibly nested) member, e.g. {@code offset(UCP_EP_PARAMS, "err_handler", "cb")}. */
    public static long offset(GroupLayout struct, String... path) {
        PathElement[] elements = new PathElement[path.length];
        for (int i = 0; i < path.length; i++) elements[i] = PathElement.groupElement(path[i]);
        return struct.byteOffset(elements);
    }

    /** Lays the members out as a C compiler does on LP64: natural alignment, padding between and at the end. */
    static StructLayout cStruct(String name, MemoryLayout... members) {
        List<MemoryLayout> laidOut = new ArrayList<>();
        long offset = 0;
        long maxAlign = 1;
        for (MemoryLayout m : members) {
            long align = m.byteAlignment();
            maxAlign = Math.max(maxAlign, align);
            long aligned = (offset + align - 1) / align * align;
            if (aligned > offset) laidOut.add(MemoryLayout.paddingLayout(aligned - offset));
            laidOut.add(m);
            offset = aligned + m.byteSize();
        }
        long size = (offset + maxAlign - 1) / maxAlign * maxAlign;
        if (size > offset) laidOut.add(MemoryLayout.paddingLayout(size - offset));
        return MemoryLayout.structLayout(laidOut.toArray(MemoryLayout[]::new)).withName(name);
    }
}

package hpjava.mpjdev.ucx.ffm;

/**
 * Enum and flag values from the UCX 1.13 headers that the bindings use. Every field is named exactly as the C
 * constant; {@code UcpLayoutTest} compiles a C program that prints each of them and compares.
 */
@SuppressWarnings("unused") // every constant is checked against the headers, even those the backend does not use yet
public final class UcpConstants {
    private UcpConstants() {}

    // ucs_status_t (int8: the enum is declared UCS_S_PACKED)
    public static final byte UCS_OK = 0;
    public static final byte UCS_INPROGRESS = 1;
    public static final byte UCS_ERR_NO_MESSAGE = -1;
    public static final byte UCS_ERR_NO_RESOURCE = -2;
    public static final byte UCS_ERR_CANCELED = -16;
    public static final byte UCS_ERR_LAST = -100;

    // ucp_params_field / ucp_feature
    public static final long UCP_PARAM_FIELD_FEATURES = 1L;
    public static final long UCP_PARAM_FIELD_MT_WORKERS_SHARED = 1L << 5;
    public static final long UCP_PARAM_FIELD_ESTIMATED_NUM_EPS = 1L << 6;
    public static final long UCP_PARAM_FIELD_ESTIMATED_NUM_PPN = 1L << 7;
    public static final long UCP_PARAM_FIELD_NAME = 1L << 8;
    public static final long UCP_FEATURE_AM = 1L << 6;

    // ucp_worker_params_field / ucs_thread_mode_t
    public static final long UCP_WORKER_PARAM_FIELD_THREAD_MODE = 1L;
    public static final long UCP_WORKER_PARAM_FIELD_NAME = 1L << 6;
    public static final int UCS_THREAD_MODE_SINGLE = 0;
    public static final int UCS_THREAD_MODE_SERIALIZED = 1;
    public static final int UCS_THREAD_MODE_MULTI = 2;

    // ucp_ep_params_field / ucp_err_handling_mode_t
    public static final long UCP_EP_PARAM_FIELD_REMOTE_ADDRESS = 1L;
    public static final long UCP_EP_PARAM_FIELD_ERR_HANDLING_MODE = 1L << 1;
    public static final long UCP_EP_PARAM_FIELD_NAME = 1L << 7;
    public static final int UCP_ERR_HANDLING_MODE_NONE = 0;
    public static final int UCP_ERR_HANDLING_MODE_PEER = 1;

    // ucp_am_handler_param_field / ucp_am_cb_flags
    public static final long UCP_AM_HANDLER_PARAM_FIELD_ID = 1L;
    public static final long UCP_AM_HANDLER_PARAM_FIELD_FLAGS = 1L << 1;
    public static final long UCP_AM_HANDLER_PARAM_FIELD_CB = 1L << 2;
    public static final long UCP_AM_HANDLER_PARAM_FIELD_ARG = 1L << 3;
    public static final int UCP_AM_FLAG_WHOLE_MSG = 1;
    public static final int UCP_AM_FLAG_PERSISTENT_DATA = 1 << 1;

    // ucp_op_attr_t (ucp_request_param_t.op_attr_mask is 32-bit)
    public static final int UCP_OP_ATTR_FIELD_REQUEST = 1;
    public static final int UCP_OP_ATTR_FIELD_CALLBACK = 1 << 1;
    public static final int UCP_OP_ATTR_FIELD_USER_DATA = 1 << 2;
    public static final int UCP_OP_ATTR_FIELD_DATATYPE = 1 << 3;
    public static final int UCP_OP_ATTR_FIELD_FLAGS = 1 << 4;
    public static final int UCP_OP_ATTR_FIELD_MEMORY_TYPE = 1 << 6;
    public static final int UCP_OP_ATTR_FIELD_RECV_INFO = 1 << 7;
    public static final int UCP_OP_ATTR_FLAG_NO_IMM_CMPL = 1 << 16;
    public static final int UCP_OP_ATTR_FLAG_FORCE_IMM_CMPL = 1 << 18;

    // ucp_send_am_flags / ucp_am_recv_attr_t / ucp_dt_type / ucs_memory_type_t
    public static final int UCP_AM_SEND_FLAG_REPLY = 1;
    public static final int UCP_AM_SEND_FLAG_EAGER = 1 << 1;
    public static final int UCP_AM_SEND_FLAG_RNDV = 1 << 2;
    public static final long UCP_AM_RECV_ATTR_FIELD_REPLY_EP = 1L;
    public static final long UCP_AM_RECV_ATTR_FLAG_DATA = 1L << 16;
    public static final long UCP_AM_RECV_ATTR_FLAG_RNDV = 1L << 17;
    public static final long UCP_DATATYPE_CONTIG = 0;
    public static final int UCS_MEMORY_TYPE_HOST = 0;

    // ucp_version.h: the API version these bindings' layouts were built and checked for
    public static final int UCP_API_MAJOR = 1;
    public static final int UCP_API_MINOR = 13;
}

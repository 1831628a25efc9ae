package hpjava.mpjdev.ucx.ffm;

import hpjava.mpjdev.ucx.UcxTestSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import static hpjava.mpjdev.ucx.ffm.UcpConstants.*;
import static hpjava.mpjdev.ucx.ffm.UcpStructs.UCP_REQUEST_PARAM;
import static hpjava.mpjdev.ucx.ffm.UcpStructs.offset;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static org.junit.jupiter.api.Assertions.*;

/** The bindings end to end on two workers of one process: eager and rendezvous active messages. */
@Timeout(60)
class UcpBindingsTest {
    private static final int AM_ID = 7;

    // What the handler saw last (the test drives progress on one thread, so plain fields suffice).
    static long seenHeader0;
    static long seenLength;
    static long seenAttr;
    static long seenData;
    static byte seenFirstByte;
    static int calls;
    static Throwable handlerFailure;

    @BeforeAll
    static void ucx() {
        UcxTestSupport.requireUcx();
    }

    /** The active-message handler: records what arrived; keeps rendezvous descriptors for a later receive. */
    static byte onMessage(long arg, long header, long headerLength, long data, long length, long param) {
        try {
            calls++;
            seenHeader0 = headerLength >= 8 ? NativeMemory.ALL.get(JAVA_LONG_UNALIGNED, header) : -1;
            seenLength = length;
            seenAttr = NativeMemory.ALL.get(JAVA_LONG, param + offset(UcpStructs.UCP_AM_RECV_PARAM, "recv_attr"));
            seenData = data;
            if ((seenAttr & UCP_AM_RECV_ATTR_FLAG_RNDV) != 0) return UCS_INPROGRESS;
            seenFirstByte = length > 0 ? NativeMemory.ALL.get(JAVA_BYTE, data) : 0;
            return UCS_OK;
        } catch (Throwable t) {
            handlerFailure = t; // an exception escaping an upcall would kill the JVM
            return UCS_OK;
        }
    }

    @Test
    void versionIsTheOneTheLayoutsWereBuiltFor() {
        assertTrue(Ucp.ucp_get_version_string().startsWith(UCP_API_MAJOR + "." + UCP_API_MINOR + "."),
                Ucp.ucp_get_version_string());
        assertEquals("Success", Ucp.statusString(UCS_OK));
        assertTrue(Ucp.isError(UCS_ERR_NO_RESOURCE));
        assertFalse(Ucp.isRequest(0));
        assertTrue(Ucp.isRequest(0x7f00_0000_1000L));
    }

    @Test
    void eagerAndRendezvousMessagesArrive() throws Throwable {
        try (Arena arena = Arena.ofConfined();
             UcpContext context = UcpContext.create("bindings-test", 2, 1);
             UcpWorker a = UcpWorker.create(context, UCS_THREAD_MODE_SINGLE, "a");
             UcpWorker b = UcpWorker.create(context, UCS_THREAD_MODE_SINGLE, "b")) {
            MemorySegment stub = Ucp.amRecvCallbackStub(MethodHandles.lookup().findStatic(UcpBindingsTest.class,
                    "onMessage", MethodType.methodType(byte.class, long.class, long.class, long.class, long.class,
                            long.class, long.class)), arena);
            b.setAmHandler(AM_ID, UCP_AM_FLAG_WHOLE_MSG, stub, 0);
            long ep = a.connect(b.address(), "a->b");
            MemorySegment header = arena.allocate(JAVA_LONG);
            MemorySegment param = arena.allocate(UCP_REQUEST_PARAM);

            // eager: 8 bytes
            header.set(JAVA_LONG, 0, 0x1234_5678_9abcL);
            MemorySegment small = arena.allocate(8);
            small.fill((byte) 42);
            sendAndWait(a, b, ep, header, small, param, 1);
            assertNull(handlerFailure);
            assertEquals(0x1234_5678_9abcL, seenHeader0);
            assertEquals(8, seenLength);
            assertEquals(42, seenFirstByte);
            assertEquals(0, seenAttr & UCP_AM_RECV_ATTR_FLAG_RNDV);

            // rendezvous: 4 MiB, fetched into a posted buffer with ucp_am_recv_data_nbx
            int n = 4 << 20;
            MemorySegment big = arena.allocate(n);
            for (int i = 0; i < n; i += 4) big.set(JAVA_INT, i, i);
            header.set(JAVA_LONG, 0, 99);
            param.set(JAVA_INT, offset(UCP_REQUEST_PARAM, "op_attr_mask"), UCP_OP_ATTR_FIELD_FLAGS);
            param.set(JAVA_INT, offset(UCP_REQUEST_PARAM, "flags"), UCP_AM_SEND_FLAG_RNDV);
            long send = Ucp.ucp_am_send_nbx(ep, AM_ID, header.address(), 8, big.address(), n, param.address());
            assertFalse(Ucp.isError(send));
            int before = calls;
            while (calls == before) {
                a.progress();
                b.progress();
            }
            assertNotEquals(0, seenAttr & UCP_AM_RECV_ATTR_FLAG_RNDV, "expected a rendezvous message");
            assertEquals(99, seenHeader0);
            assertEquals(n, seenLength);
            MemorySegment landing = arena.allocate(n);
            MemorySegment recvParam = arena.allocate(UCP_REQUEST_PARAM);
            long recv = Ucp.ucp_am_recv_data_nbx(b.handle(), seenData, landing.address(), n, recvParam.address());
            assertFalse(Ucp.isError(recv));
            while ((Ucp.isRequest(recv) && Ucp.ucp_request_check_status(recv) == UCS_INPROGRESS)
                    || (Ucp.isRequest(send) && Ucp.ucp_request_check_status(send) == UCS_INPROGRESS)) {
                a.progress();
                b.progress();
            }
            if (Ucp.isRequest(recv)) {
                assertEquals(UCS_OK, Ucp.ucp_request_check_status(recv));
                Ucp.ucp_request_free(recv);
            }
            if (Ucp.isRequest(send)) Ucp.ucp_request_free(send);
            assertEquals(-1L, landing.mismatch(big));
            assertNull(handlerFailure);

            // a closed endpoint with flush completes while the peer progresses
            long close = Ucp.ucp_ep_close_nbx(ep, param.fill((byte) 0).address());
            while (Ucp.isRequest(close) && Ucp.ucp_request_check_status(close) == UCS_INPROGRESS) {
                a.progress();
                b.progress();
            }
            if (Ucp.isRequest(close)) Ucp.ucp_request_free(close);
            assertFalse(Ucp.isError(close));
        }
    }

    private static void sendAndWait(UcpWorker a, UcpWorker b, long ep, MemorySegment header, MemorySegment data,
                                    MemorySegment param, int expectCalls) {
        int before = calls;
        long send = Ucp.ucp_am_send_nbx(ep, AM_ID, header.address(), header.byteSize(), data.address(),
                data.byteSize(), param.address());
        assertFalse(Ucp.isError(send), () -> Ucp.statusString(Ucp.errorStatus(send)));
        while (calls < before + expectCalls || (Ucp.isRequest(send)
                && Ucp.ucp_request_check_status(send) == UCS_INPROGRESS)) {
            a.progress();
            b.progress();
        }
        if (Ucp.isRequest(send)) Ucp.ucp_request_free(send);
    }
}

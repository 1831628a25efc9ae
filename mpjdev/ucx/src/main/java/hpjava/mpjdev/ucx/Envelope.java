package hpjava.mpjdev.ucx;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static hpjava.mpjdev.ucx.ffm.NativeMemory.ALL;

/**
 * The active-message header that carries a message's envelope (seed 003 §4.3: "length, source and destination id,
 * tag"), 24 bytes, native byte order (both ends run on this host or hosts of the same architecture):
 * <pre>
 *   long context   communicator context (see {@link UcxComm})
 *   int  source    sender's world rank
 *   int  tag       message tag, &gt;= 0
 *   int  seq       per (sender, receiver) sequence number, from 0, over all communicators
 *   int  reserved  0
 * </pre>
 * Tiny messages carry a compact envelope in their data instead ({@link TinyMessage}). The message length is the
 * active message's data length. UCX may hand the header to the handler at any
 * alignment, so it is read with unaligned accesses.
 */
final class Envelope {
    private Envelope() {}

    static final int BYTES = 24;
    /** The active-message id the backend registers its handler under. */
    static final int AM_ID = 0x4D50; // "MP"

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;

    static void write(MemorySegment header, long context, int source, int tag, int seq) {
        header.set(LONG, 0, context);
        header.set(INT, 8, source);
        header.set(INT, 12, tag);
        header.set(INT, 16, seq);
        header.set(INT, 20, 0);
    }

    static long context(long header) {
        return ALL.get(LONG, header);
    }

    static int source(long header) {
        return ALL.get(INT, header + 8);
    }

    static int tag(long header) {
        return ALL.get(INT, header + 12);
    }

    static int seq(long header) {
        return ALL.get(INT, header + 16);
    }
}

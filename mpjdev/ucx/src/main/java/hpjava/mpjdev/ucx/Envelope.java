package hpjava.mpjdev.ucx;

import java.lang.foreign.ValueLayout;

import static hpjava.mpjdev.ucx.ffm.NativeMemory.ALL;

/**
 * A message's envelope ([HPJava-RT] section 4.3: "length, source and destination id, tag"), one layout for both wire forms,
 * native byte order (both ends run on this host or hosts of the same architecture):
 * <pre>
 *   long  context   communicator context (see {@link UcxComm})
 *   int   tag       message tag, &gt;= 0
 *   int   seq       per (sender, receiver) sequence number, from 0, over all communicators
 *   short source    sender's world rank, unsigned ({@link #MAX_RANKS})
 *   byte  type      a tiny message's section type ({@link TinyMessage}); 0 in the general form
 *   byte  flags     low 4 bits: the sender's count of slot messages it has taken from the receiver, mod 16 (the
 *                   credit of {@link TinySlots}); high 4 bits: a tiny message's data length (0 in the general form)
 *   int   reserved  0 (general form only)
 * </pre>
 * General form: the 24 bytes are the active-message header and the data is the {@code Buffer} image, sent from and
 * received into the buffers' memory. Tiny form: the first {@link #COMPACT_BYTES} lead the active message's data, with
 * no header. The message length is the data length (less the envelope in the tiny form). UCX may hand either to the
 * handler at any alignment, so it is read with unaligned accesses.
 */
final class Envelope {
    private Envelope() {}

    /** The envelope as an active-message header (general form). */
    static final int BYTES = 24;
    /** The part of the envelope a tiny message carries in front of its data. */
    static final int COMPACT_BYTES = 20;
    /** World ranks the {@code source} field can name: the most ranks a ucx job may have. */
    static final int MAX_RANKS = 1 << 16;
    /** The active-message id the backend registers its handler under. */
    static final int AM_ID = 0x4D50; // "MP"

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;

    /**
     * Writes all {@link #BYTES} of an envelope at native address {@code at}; {@code type} and {@code dataLength} are
     * 0 in the general form, {@code credit} is taken mod 16.
     */
    static void write(long at, long context, int source, int tag, int seq, int type, int dataLength, int credit) {
        ALL.set(LONG, at, context);
        ALL.set(INT, at + 8, tag);
        ALL.set(INT, at + 12, seq);
        ALL.set(SHORT, at + 16, (short) source);
        ALL.set(ValueLayout.JAVA_BYTE, at + 18, (byte) type);
        ALL.set(ValueLayout.JAVA_BYTE, at + 19, (byte) ((dataLength << 4) | (credit & CREDIT_MASK)));
        ALL.set(INT, at + 20, 0);
    }

    /** The bits of the flags byte that carry the credit count. */
    static final int CREDIT_MASK = 0xF;

    static long context(long envelope) {
        return ALL.get(LONG, envelope);
    }

    static int tag(long envelope) {
        return ALL.get(INT, envelope + 8);
    }

    static int seq(long envelope) {
        return ALL.get(INT, envelope + 12);
    }

    static int source(long envelope) {
        return Short.toUnsignedInt(ALL.get(SHORT, envelope + 16));
    }

    static int type(long envelope) {
        return Byte.toUnsignedInt(ALL.get(ValueLayout.JAVA_BYTE, envelope + 18));
    }

    /** The credit count, mod 16 (see {@link #write}). */
    static int credit(long envelope) {
        return ALL.get(ValueLayout.JAVA_BYTE, envelope + 19) & CREDIT_MASK;
    }

    /** A tiny message's data length, from the flags byte (see {@link #write}). */
    static int tinyDataLength(long envelope) {
        return (ALL.get(ValueLayout.JAVA_BYTE, envelope + 19) >>> 4) & 0xF;
    }
}

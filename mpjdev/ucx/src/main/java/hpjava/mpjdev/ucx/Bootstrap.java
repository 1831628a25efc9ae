package hpjava.mpjdev.ucx;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The bootstrap and control protocol between the launcher and its rank processes, over one TCP connection per rank
 * to a listener bound to the loopback address only, and its only codec: {@link UcxJobLauncher} and
 * {@link UcxRankMain} read and write every message through the methods below. Framing is {@link DataOutputStream}
 * big-endian; every message starts with its type byte.
 *
 * <pre>
 * rank -> launcher   HELLO    int magic, byte[32] secret, int rank, int addressLength, byte[] workerAddress
 *                    DONE     int n, n x (int messagesSentTo, int messagesDeliveredFrom, int k, int[k] untakenSeqs)
 *                             (main returned; per world rank: messages sent to it, messages from it delivered here
 *                             in order, and the sequence numbers of those no receive took)
 * launcher -> rank   ADDRESSES int n, n x (int length, byte[] workerAddress)
 *                    FINISHED int rank, int messagesSentToYou, int messagesOfYoursDelivered, int k, int[k] untakenSeqs
 *                    ABORT    UTF reason
 *                    ALL_DONE
 * </pre>
 * Admission: a connection is accepted as rank r only if it presents the job's secret (32 random bytes, given to
 * the ranks in the environment, compared in constant time) within a few seconds, for a rank not yet taken; any other
 * connection is closed without an answer. The connection stays open for the whole job: when the launcher goes away
 * the rank sees end-of-stream and exits, so no rank outlives its job.
 *
 * <p>Readers check every count and length against its bound before allocating, and throw
 * {@link ProtocolException} (naming what was wrong) for anything that is not a well-formed message of the expected
 * kind; {@link java.io.EOFException} means the other side has gone away. Writers flush.
 */
final class Bootstrap {
    private Bootstrap() {}

    static final int MAGIC = 0x48504A55; // "HPJU"
    static final int SECRET_BYTES = 32;

    static final byte HELLO = 1;
    static final byte DONE = 2;
    static final byte ADDRESSES = 10;
    static final byte FINISHED = 11;
    static final byte ABORT = 12;
    static final byte ALL_DONE = 13;
    /** Most sequence numbers of untaken messages a DONE or FINISHED message may list per rank. */
    static final int MAX_UNTAKEN = 1 << 20;
    /** Longest accepted worker address (UCX addresses are a few hundred bytes). */
    static final int MAX_ADDRESS_BYTES = 1 << 16;

    /** Environment of a rank process. */
    static final String ENV_PORT = "HPJAVA_UCX_BOOTSTRAP_PORT";
    static final String ENV_SECRET = "HPJAVA_UCX_SECRET";
    static final String ENV_RANK = "HPJAVA_UCX_RANK";
    static final String ENV_SIZE = "HPJAVA_UCX_SIZE";
    static final String ENV_LOCAL_RANKS = "HPJAVA_UCX_LOCAL_RANKS";
    static final String ENV_PROGRAM_CLASS_PATH = "HPJAVA_UCX_PROGRAM_CLASS_PATH";

    /** A message that breaks the protocol: a wrong type, magic or secret, or a count out of range. */
    static final class ProtocolException extends IOException {
        ProtocolException(String message) {
            super(message);
        }
    }

    /** An admitted rank's HELLO. */
    record Hello(int rank, byte[] address) {}

    /** A control message from the launcher to a rank, after the addresses. */
    sealed interface Control permits Finished, Abort, AllDone {}

    /** World rank {@code peer} finished; see the FINISHED layout above. */
    record Finished(int peer, int sentToYou, int deliveredOfYours, int[] untaken) implements Control {}

    record Abort(String reason) implements Control {}

    record AllDone() implements Control {}

    // ------------------------------------------------------------------ the secret

    static byte[] newSecret() {
        byte[] s = new byte[SECRET_BYTES];
        new SecureRandom().nextBytes(s);
        return s;
    }

    /** The secret as it travels in a rank's environment. */
    static String hex(byte[] secret) {
        return HexFormat.of().formatHex(secret);
    }

    /** The secret from a rank's environment ({@code hex} as {@link #ENV_SECRET} holds it). */
    static byte[] parseSecret(String hex) {
        if (hex == null) throw new IllegalStateException(ENV_SECRET + " is not set");
        byte[] s;
        try {
            s = HexFormat.of().parseHex(hex);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(ENV_SECRET + " is not hexadecimal");
        }
        if (s.length != SECRET_BYTES) throw new IllegalStateException(ENV_SECRET + " has the wrong length");
        return s;
    }

    // ------------------------------------------------------------------ rank -> launcher

    static void writeHello(DataOutputStream out, byte[] secret, int rank, byte[] address) throws IOException {
        out.writeByte(HELLO);
        out.writeInt(MAGIC);
        out.write(secret);
        out.writeInt(rank);
        writeBytes(out, address);
        out.flush();
    }

    /**
     * Reads a HELLO and admits it only if it presents {@code secret} (compared in constant time) and names a rank
     * below {@code np}; throws {@link ProtocolException} otherwise. The secret is checked before anything after it
     * is read, so an impostor learns nothing from the answer (the caller closes without one).
     */
    static Hello readHello(DataInputStream in, byte[] secret, int np) throws IOException {
        expectType(in, HELLO, "HELLO");
        if (in.readInt() != MAGIC) throw new ProtocolException("HELLO without the protocol's magic number");
        byte[] presented = new byte[SECRET_BYTES];
        in.readFully(presented);
        if (!MessageDigest.isEqual(secret, presented)) throw new ProtocolException("HELLO with a wrong secret");
        int rank = in.readInt();
        if (rank < 0 || rank >= np) throw new ProtocolException("HELLO from rank " + rank + " of a job of " + np);
        return new Hello(rank, readBytes(in, MAX_ADDRESS_BYTES, "worker address"));
    }

    /** Writes DONE with {@code report}. */
    static void writeDone(DataOutputStream out, FinishReport report) throws IOException {
        out.writeByte(DONE);
        out.writeInt(report.sent().length);
        for (int q = 0; q < report.sent().length; q++) {
            out.writeInt(report.sent()[q]);
            out.writeInt(report.delivered()[q]);
            writeInts(out, report.unconsumed()[q]);
        }
        out.flush();
    }

    /** Reads DONE from a rank of a job of {@code np} ranks (the only message a rank sends after HELLO). */
    static FinishReport readDone(DataInputStream in, int np) throws IOException {
        expectType(in, DONE, "DONE");
        int n = in.readInt();
        if (n != np) throw new ProtocolException("DONE report for " + n + " ranks in a job of " + np);
        int[] sent = new int[n], delivered = new int[n];
        int[][] untaken = new int[n][];
        for (int q = 0; q < n; q++) {
            sent[q] = in.readInt();
            delivered[q] = in.readInt();
            untaken[q] = readInts(in, "DONE");
        }
        return new FinishReport(sent, delivered, untaken);
    }

    // ------------------------------------------------------------------ launcher -> rank

    static void writeAddresses(DataOutputStream out, byte[][] addresses) throws IOException {
        out.writeByte(ADDRESSES);
        out.writeInt(addresses.length);
        for (byte[] a : addresses) writeBytes(out, a);
        out.flush();
    }

    /** Reads the worker addresses of a job of {@code np} ranks, indexed by rank. */
    static byte[][] readAddresses(DataInputStream in, int np) throws IOException {
        expectType(in, ADDRESSES, "the worker addresses");
        int n = in.readInt();
        if (n != np) throw new ProtocolException("launcher sent " + n + " addresses for " + np + " ranks");
        byte[][] addresses = new byte[n][];
        for (int r = 0; r < n; r++) addresses[r] = readBytes(in, MAX_ADDRESS_BYTES, "worker address");
        return addresses;
    }

    static void writeFinished(DataOutputStream out, int peer, int sentToYou, int deliveredOfYours, int[] untaken)
            throws IOException {
        out.writeByte(FINISHED);
        out.writeInt(peer);
        out.writeInt(sentToYou);
        out.writeInt(deliveredOfYours);
        writeInts(out, untaken);
        out.flush();
    }

    static void writeAbort(DataOutputStream out, String reason) throws IOException {
        out.writeByte(ABORT);
        out.writeUTF(reason);
        out.flush();
    }

    static void writeAllDone(DataOutputStream out) throws IOException {
        out.writeByte(ALL_DONE);
        out.flush();
    }

    /** Reads the next control message of a job of {@code np} ranks. */
    static Control readControl(DataInputStream in, int np) throws IOException {
        byte type = in.readByte();
        switch (type) {
            case FINISHED -> {
                int peer = in.readInt(), sentToYou = in.readInt(), deliveredOfYours = in.readInt();
                if (peer < 0 || peer >= np) throw new ProtocolException("FINISHED for rank " + peer + " of " + np);
                return new Finished(peer, sentToYou, deliveredOfYours, readInts(in, "FINISHED"));
            }
            case ABORT -> {
                return new Abort(in.readUTF());
            }
            case ALL_DONE -> {
                return new AllDone();
            }
            default -> throw new ProtocolException("unknown control message " + type);
        }
    }

    // ------------------------------------------------------------------ framing

    private static void expectType(DataInputStream in, byte type, String what) throws IOException {
        byte t = in.readByte();
        if (t != type) throw new ProtocolException("expected " + what + " (message " + type + "), got message " + t);
    }

    private static void writeBytes(DataOutputStream out, byte[] b) throws IOException {
        out.writeInt(b.length);
        out.write(b);
    }

    private static byte[] readBytes(DataInputStream in, int max, String what) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > max) throw new ProtocolException(what + " of " + n + " bytes (at most " + max + ")");
        byte[] b = new byte[n];
        in.readFully(b);
        return b;
    }

    private static void writeInts(DataOutputStream out, int[] values) throws IOException {
        out.writeInt(values.length);
        for (int v : values) out.writeInt(v);
    }

    private static int[] readInts(DataInputStream in, String what) throws IOException {
        int k = in.readInt();
        if (k < 0 || k > MAX_UNTAKEN) throw new ProtocolException(what + " listing " + k + " untaken messages");
        int[] values = new int[k];
        for (int i = 0; i < k; i++) values[i] = in.readInt();
        return values;
    }
}

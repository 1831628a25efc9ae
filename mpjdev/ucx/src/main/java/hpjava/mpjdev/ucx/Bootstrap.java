package hpjava.mpjdev.ucx;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The bootstrap and control protocol between the launcher and its rank processes, over one TCP connection per rank
 * to a listener bound to the loopback address only. Framing is {@link DataOutputStream} big-endian.
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
    /** Most sequence numbers of untaken messages a DONE report may list per rank (a bound for the reader). */
    static final int MAX_UNTAKEN = 1 << 20;

    /** Environment of a rank process. */
    static final String ENV_PORT = "HPJAVA_UCX_BOOTSTRAP_PORT";
    static final String ENV_SECRET = "HPJAVA_UCX_SECRET";
    static final String ENV_RANK = "HPJAVA_UCX_RANK";
    static final String ENV_SIZE = "HPJAVA_UCX_SIZE";
    static final String ENV_LOCAL_RANKS = "HPJAVA_UCX_LOCAL_RANKS";
    static final String ENV_PROGRAM_CLASS_PATH = "HPJAVA_UCX_PROGRAM_CLASS_PATH";

    /** Longest accepted worker address (UCX addresses are a few hundred bytes). */
    static final int MAX_ADDRESS_BYTES = 1 << 16;

    static byte[] newSecret() {
        byte[] s = new byte[SECRET_BYTES];
        new SecureRandom().nextBytes(s);
        return s;
    }

    static String hex(byte[] secret) {
        return HexFormat.of().formatHex(secret);
    }

    static byte[] parseSecret(String hex) {
        if (hex == null) throw new IllegalStateException(ENV_SECRET + " is not set");
        byte[] s = HexFormat.of().parseHex(hex);
        if (s.length != SECRET_BYTES) throw new IllegalStateException(ENV_SECRET + " has the wrong length");
        return s;
    }

    static boolean secretMatches(byte[] expected, byte[] presented) {
        return MessageDigest.isEqual(expected, presented);
    }

    static void writeHello(DataOutputStream out, byte[] secret, int rank, byte[] address) throws IOException {
        out.writeByte(HELLO);
        out.writeInt(MAGIC);
        out.write(secret);
        out.writeInt(rank);
        out.writeInt(address.length);
        out.write(address);
        out.flush();
    }

    static byte[] readBytes(DataInputStream in, int max) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > max) throw new IOException("bad length " + n);
        byte[] b = new byte[n];
        in.readFully(b);
        return b;
    }

    static void writeBytes(DataOutputStream out, byte[] b) throws IOException {
        out.writeInt(b.length);
        out.write(b);
    }
}

package hpjava.mpjdev.conformance;

import java.util.Arrays;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;

/**
 * Messages of at least 64 MiB. To bound memory at any np only one pair takes part: rank 0 (the sender) and rank 1
 * (the echoer; rank 0 itself at np = 1). The sender sends {@value #BYTES} bytes (64 MiB + 3, a length that is not a
 * multiple of 8) into a small receive buffer that must grow; the echoer checks every byte and sends the very buffer
 * it received back; the sender checks every byte again. Then the echoer sends 64 MiB of doubles with a blocking send.
 */
final class LargeMessageCase implements ConformanceCase {
    static final int BYTES = (64 << 20) + 3;
    static final int DOUBLES = 8 << 20;
    private static final int TAG = 60;

    @Override
    public void run(Comm world) {
        int me = world.id();
        int echoRank = world.size() == 1 ? 0 : 1;
        boolean sender = me == 0, echoer = me == echoRank;
        if (!sender && !echoer) return;

        Buffer in = echoer ? Buffer.allocate(64) : null;
        Buffer back = sender ? Buffer.allocate(64) : null;
        Buffer out = null;
        try {
            Request echoRecv = echoer ? world.irecv(in, 0, TAG) : null;
            Request bigSend = null;
            if (sender) {
                byte[] data = new byte[BYTES];
                for (int i = 0; i < BYTES; i++) data[i] = pattern(i);
                out = Buffer.allocate(BYTES + 64L).write(data);
                bigSend = world.isend(out, echoRank, TAG);
            }
            Request echoSend = null;
            if (echoer) {
                Status s = echoRecv.iwait();
                Expect.that(s.byteCount() > BYTES, "the 64 MiB message arrived whole (" + s.byteCount() + " bytes)");
                Expect.that(in.capacity() >= s.byteCount(), "the receive buffer grew to the message");
                byte[] data = new byte[BYTES];
                Expect.equal(BYTES, in.read(data, 0), "bytes received");
                verify(data, "received");
                in.rewind();
                echoSend = world.isend(in, 0, TAG + 1);
            }
            if (sender) {
                Status s = world.recv(back, echoRank, TAG + 1);
                bigSend.iwait();
                Expect.equal(out.length(), s.byteCount(), "bytes of the echoed 64 MiB message");
                out.release();
                out = null;
                byte[] data = new byte[BYTES];
                Expect.equal(BYTES, back.read(data, 0), "elements of the echoed message");
                verify(data, "echoed");
            }
            if (echoer) {
                echoSend.iwait();
                in.release();
                in = null;
            }

            // Doubles, echoer -> sender, blocking send (the receive is posted first at np = 1).
            Request doublesRecv = sender ? world.irecv(back, echoRank, TAG + 2) : null;
            if (echoer) {
                double[] ds = new double[DOUBLES];
                for (int i = 0; i < DOUBLES; i++) ds[i] = i * 0.5;
                out = Buffer.allocate(8L * DOUBLES + 64).write(ds);
                world.send(out, 0, TAG + 2);
                out.release();
                out = null;
            }
            if (sender) {
                doublesRecv.iwait();
                double[] ds = new double[DOUBLES];
                Arrays.fill(ds, -1);
                Expect.equal(DOUBLES, back.read(ds, 0), "doubles received");
                for (int i = 0; i < DOUBLES; i++) {
                    if (ds[i] != i * 0.5) throw new AssertionError("double " + i + " is " + ds[i] + ", expected " + i * 0.5);
                }
            }
        } finally {
            for (Buffer b : new Buffer[] {in, back, out}) if (b != null && !b.isLent()) b.release();
        }
    }

    private static byte pattern(int i) {
        return (byte) (i * 31 + (i >>> 13));
    }

    private static void verify(byte[] data, String what) {
        for (int i = 0; i < data.length; i++) {
            if (data[i] != pattern(i)) {
                throw new AssertionError(what + " byte " + i + " is " + data[i] + ", expected " + pattern(i));
            }
        }
    }
}

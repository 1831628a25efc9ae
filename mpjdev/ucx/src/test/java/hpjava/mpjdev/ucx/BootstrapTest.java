package hpjava.mpjdev.ucx;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bootstrap codec without sockets: every message round trips, and garbage and wrong secrets are rejected. */
class BootstrapTest {
    private final byte[] secret = Bootstrap.newSecret();

    private interface Writer {
        void write(DataOutputStream out) throws IOException;
    }

    private static DataInputStream encoded(Writer w) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        w.write(new DataOutputStream(bytes));
        return new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
    }

    @Test
    void helloRoundTrips() throws IOException {
        byte[] address = {1, 2, 3, 4, 5};
        Bootstrap.Hello h = Bootstrap.readHello(encoded(out -> Bootstrap.writeHello(out, secret, 3, address)),
                secret, 4);
        assertEquals(3, h.rank());
        assertArrayEquals(address, h.address());
    }

    @Test
    void helloWithAWrongSecretIsRejected() {
        byte[] other = secret.clone();
        other[31] ^= 1;
        var e = assertThrows(Bootstrap.ProtocolException.class,
                () -> Bootstrap.readHello(encoded(out -> Bootstrap.writeHello(out, other, 0, new byte[8])), secret, 2));
        assertTrue(e.getMessage().contains("wrong secret"), e.getMessage());
    }

    @Test
    void helloForARankOutsideTheJobIsRejected() {
        for (int rank : new int[] {-1, 2}) {
            assertThrows(Bootstrap.ProtocolException.class, () -> Bootstrap.readHello(
                    encoded(out -> Bootstrap.writeHello(out, secret, rank, new byte[8])), secret, 2));
        }
    }

    @Test
    void garbageInsteadOfHelloIsRejected() {
        // an HTTP request, a wrong type byte, a right type with a wrong magic, a huge address, a truncated message
        assertThrows(Bootstrap.ProtocolException.class, () -> Bootstrap.readHello(
                encoded(out -> out.writeBytes("GET / HTTP/1.1\r\n\r\n")), secret, 2));
        assertThrows(Bootstrap.ProtocolException.class, () -> Bootstrap.readHello(
                encoded(out -> {
                    out.writeByte(Bootstrap.HELLO);
                    out.writeInt(0x12345678);
                }), secret, 2));
        assertThrows(Bootstrap.ProtocolException.class, () -> Bootstrap.readHello(
                encoded(out -> {
                    out.writeByte(Bootstrap.HELLO);
                    out.writeInt(Bootstrap.MAGIC);
                    out.write(secret);
                    out.writeInt(0);
                    out.writeInt(Bootstrap.MAX_ADDRESS_BYTES + 1);
                }), secret, 2));
        assertThrows(EOFException.class, () -> Bootstrap.readHello(
                encoded(out -> {
                    out.writeByte(Bootstrap.HELLO);
                    out.writeInt(Bootstrap.MAGIC);
                    out.write(secret, 0, 10);
                }), secret, 2));
    }

    @Test
    void addressesRoundTripAndMustMatchTheJobSize() throws IOException {
        byte[][] addresses = {{9}, {}, {7, 7, 7}};
        byte[][] back = Bootstrap.readAddresses(encoded(out -> Bootstrap.writeAddresses(out, addresses)), 3);
        assertEquals(3, back.length);
        for (int r = 0; r < 3; r++) assertArrayEquals(addresses[r], back[r]);
        assertThrows(Bootstrap.ProtocolException.class,
                () -> Bootstrap.readAddresses(encoded(out -> Bootstrap.writeAddresses(out, addresses)), 2));
    }

    @Test
    void doneRoundTripsAndIsBounded() throws IOException {
        FinishReport report = new FinishReport(new int[] {4, 0}, new int[] {3, 1}, new int[][] {{1, 2}, {}});
        FinishReport back = Bootstrap.readDone(encoded(out -> Bootstrap.writeDone(out, report)), 2);
        assertArrayEquals(report.sent(), back.sent());
        assertArrayEquals(report.delivered(), back.delivered());
        assertTrue(Arrays.deepEquals(report.unconsumed(), back.unconsumed()));
        assertThrows(Bootstrap.ProtocolException.class,
                () -> Bootstrap.readDone(encoded(out -> Bootstrap.writeDone(out, report)), 3));
        DataInputStream tooMany = encoded(out -> {
            out.writeByte(Bootstrap.DONE);
            out.writeInt(1);
            out.writeInt(0);
            out.writeInt(0);
            out.writeInt(Bootstrap.MAX_UNTAKEN + 1);
        });
        assertThrows(Bootstrap.ProtocolException.class, () -> Bootstrap.readDone(tooMany, 1));
        assertThrows(Bootstrap.ProtocolException.class,
                () -> Bootstrap.readDone(encoded(out -> Bootstrap.writeAllDone(out)), 1));
    }

    @Test
    void controlMessagesRoundTrip() throws IOException {
        DataInputStream in = encoded(out -> {
            Bootstrap.writeFinished(out, 1, 5, 6, new int[] {2, 4});
            Bootstrap.writeAbort(out, "rank 1 failed (exit status 1)");
            Bootstrap.writeAllDone(out);
        });
        Bootstrap.Finished f = assertInstanceOf(Bootstrap.Finished.class, Bootstrap.readControl(in, 2));
        assertEquals(1, f.peer());
        assertEquals(5, f.sentToYou());
        assertEquals(6, f.deliveredOfYours());
        assertArrayEquals(new int[] {2, 4}, f.untaken());
        assertEquals("rank 1 failed (exit status 1)",
                assertInstanceOf(Bootstrap.Abort.class, Bootstrap.readControl(in, 2)).reason());
        assertInstanceOf(Bootstrap.AllDone.class, Bootstrap.readControl(in, 2));
        assertThrows(EOFException.class, () -> Bootstrap.readControl(in, 2));
    }

    @Test
    void garbageControlMessagesAreRejected() {
        assertThrows(Bootstrap.ProtocolException.class,
                () -> Bootstrap.readControl(encoded(out -> out.writeByte(99)), 2));
        assertThrows(Bootstrap.ProtocolException.class, () -> Bootstrap.readControl(
                encoded(out -> Bootstrap.writeFinished(out, 7, 0, 0, new int[0])), 2));
        assertThrows(Bootstrap.ProtocolException.class, () -> Bootstrap.readControl(
                encoded(out -> {
                    out.writeByte(Bootstrap.FINISHED);
                    out.writeInt(0);
                    out.writeInt(0);
                    out.writeInt(0);
                    out.writeInt(-1);
                }), 2));
    }

    @Test
    void secretTravelsAsHexAndBadEnvironmentValuesAreNamed() {
        assertArrayEquals(secret, Bootstrap.parseSecret(Bootstrap.hex(secret)));
        for (String bad : new String[] {null, "zz", "abcd"}) {
            var e = assertThrows(IllegalStateException.class, () -> Bootstrap.parseSecret(bad));
            assertTrue(e.getMessage().startsWith(Bootstrap.ENV_SECRET), e.getMessage());
        }
    }
}

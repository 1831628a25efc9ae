package hpjava.bench.mpjdev;

import java.util.ArrayList;
import java.util.List;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;

/** The mpjdev device between ranks 0 (driver) and 1 (server) of a communicator. */
final class DeviceLink implements Link {
    private static final int CONTROL = 1, DATA = 2, ACK = 3;

    private final Comm comm;
    private final int peer;
    private final Buffer control = Buffer.allocate(64);
    private final int[] controlWords = new int[3];
    private final List<Buffer> sendBufs = new ArrayList<>(), recvBufs = new ArrayList<>();
    private final Request[] window;

    DeviceLink(Comm comm, int maxWindow) {
        this.comm = comm;
        this.peer = 1 - comm.id();
        this.window = new Request[maxWindow];
        for (int w = 0; w < maxWindow; w++) {
            sendBufs.add(Buffer.allocate(256));
            recvBufs.add(Buffer.allocate(256));
        }
    }

    @Override
    public void order(int op, int point, int iters) {
        controlWords[0] = op;
        controlWords[1] = point;
        controlWords[2] = iters;
        control.clear().write(controlWords, 0, 3);
        comm.send(control, peer, CONTROL);
    }

    @Override
    public int[] awaitOrder() {
        comm.recv(control, peer, CONTROL);
        control.read(controlWords, 0);
        return controlWords;
    }

    @Override
    public void pingPong(Kind.Payload pay, int iters) {
        final Comm c = comm;
        final int to = peer;
        final Buffer s = sendBufs.get(0), r = recvBufs.get(0);
        for (int i = 0; i < iters; i++) {
            pay.pack(s);
            c.send(s, to, DATA);
            c.recv(r, to, DATA);
            pay.unpack(r);
        }
    }

    @Override
    public void echo(Kind.Payload pay, int iters) {
        final Comm c = comm;
        final int to = peer;
        final Buffer s = sendBufs.get(0), r = recvBufs.get(0);
        for (int i = 0; i < iters; i++) {
            c.recv(r, to, DATA);
            pay.unpack(r);
            pay.pack(s);
            c.send(s, to, DATA);
        }
    }

    @Override
    public void stream(Kind.Payload pay, int iters, int w) {
        final Comm c = comm;
        final int to = peer;
        final Request[] reqs = window;
        final Buffer ack = control;
        for (int i = 0; i < iters; i++) {
            for (int k = 0; k < w; k++) {
                Buffer b = sendBufs.get(k);
                pay.pack(b);
                reqs[k] = c.isend(b, to, DATA);
            }
            for (int k = 0; k < w; k++) reqs[k].iwait();
            c.recv(ack, to, ACK);
        }
    }

    @Override
    public void sink(Kind.Payload pay, int iters, int w) {
        final Comm c = comm;
        final int to = peer;
        final Request[] reqs = window;
        final Buffer ack = control;
        for (int i = 0; i < iters; i++) {
            for (int k = 0; k < w; k++) reqs[k] = c.irecv(recvBufs.get(k), to, DATA);
            for (int k = 0; k < w; k++) {
                reqs[k].iwait();
                pay.unpack(recvBufs.get(k));
            }
            ack.clear();
            c.send(ack, to, ACK);
        }
    }

    @Override
    public void close() {
        control.release();
        for (Buffer b : sendBufs) b.release();
        for (Buffer b : recvBufs) b.release();
    }
}

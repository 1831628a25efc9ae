package hpjava.bench.adlib;

import hpjava.lang.FloatMultiarray;
import hpjava.lang.Procs;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.Request;

import java.util.Arrays;

/**
 * The baseline over mpjdev: a plain two-phase halo exchange of {@link HaloEdges}, everything planned and allocated
 * up front; per phase, receives posted, edges packed with one strided copy each and sent, all waited for, ghost
 * cells unpacked with one strided copy each.
 */
public final class HandExchange {
    private final Comm comm;
    private final float[] dat;
    private final HaloEdges e;
    private final Buffer[][] sbuf = new Buffer[2][2], rbuf = new Buffer[2][2];
    private final Request[] reqs = new Request[4];

    /** @param comm a communicator of the grid's ranks in grid order, used by this exchange only */
    public HandExchange(Comm comm, Procs p, FloatMultiarray a) {
        this.comm = comm;
        this.dat = a.dat();
        this.e = new HaloEdges(p, a, comm.id());
        for (int dim = 0; dim < 2; dim++)
            for (int side = 0; side < 2; side++) {
                long bytes = Buffer.HEADER_BYTES + Buffer.SECTION_HEADER_BYTES + 4L * e.elements(dim) + 8;
                sbuf[dim][side] = Buffer.allocate(bytes);
                rbuf[dim][side] = Buffer.allocate(bytes);
            }
    }

    public void exchange() {
        for (int dim = 0; dim < 2; dim++) {
            int k = 0;
            for (int side = 0; side < 2; side++) {
                if (e.peer(dim, side) < 0) continue;
                reqs[k++] = comm.irecv(rbuf[dim][side], e.peer(dim, side), 7 + dim);
            }
            for (int side = 0; side < 2; side++) {
                if (e.peer(dim, side) < 0) continue;
                Buffer b = sbuf[dim][side].clear();
                b.writeStrided(dat, e.sendBase(dim, side), e.counts(dim), e.strides(dim));
                reqs[k++] = comm.isend(b, e.peer(dim, side), 7 + dim);
            }
            for (int i = 0; i < k; i++) reqs[i].iwait();
            for (int side = 0; side < 2; side++) {
                if (e.peer(dim, side) < 0) continue;
                rbuf[dim][side].readStrided(dat, e.recvBase(dim, side), e.counts(dim), e.strides(dim));
            }
            Arrays.fill(reqs, null);
        }
    }
}

package hpjava.mpi.portable;

import hpjava.mpi.spi.CollectiveCall;
import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.Packing;
import hpjava.mpi.spi.ReductionKernels;
import hpjava.mpi.spi.TypeLayout;
import hpjava.mpjdev.Comm;
import java.util.concurrent.atomic.AtomicInteger;
import mpi.MPIException;

/**
 * The collectives of one communicator over its collective mpjdev communicator. Each call takes the next tag of a
 * sequence in call order (every member calls collectives in the same order, so members agree on tags, and
 * concurrent nonblocking collectives never share one). Data travels packed ({@link Packing}); reductions combine in
 * rank order ({@code x0 op (x1 op (... op x(n-1)))}).
 */
final class Collectives {

    private final Comm dev;
    private final PackedTransfer io;
    private final AtomicInteger sequence = new AtomicInteger();

    Collectives(Comm dev) {
        this.dev = dev;
        this.io = new PackedTransfer(dev);
    }

    /** The tag of the next collective; taken by the calling thread at the call, in program order. */
    int nextTag() {
        return sequence.getAndIncrement() & 0x3fffffff;
    }

    void run(CollectiveCall c, int tag) throws MPIException {
        switch (c.kind()) {
            case BARRIER -> barrier(tag);
            case BCAST -> bcastInto(c.recv(), c.root(), tag);
            case GATHER, GATHERV -> gather(c, tag);
            case SCATTER, SCATTERV -> scatter(c, tag);
            case ALLGATHER, ALLGATHERV -> allGather(c, tag);
            case ALLTOALL, ALLTOALLV -> allToAll(c, tag);
            case REDUCE -> reduce(c, tag);
            case ALLREDUCE -> allReduce(c, tag);
            case SCAN, EXSCAN -> scan(c, tag);
            case REDUCE_SCATTER, REDUCE_SCATTER_BLOCK -> reduceScatter(c, tag);
        }
    }

    private int n() {
        return dev.size();
    }

    private int me() {
        return dev.id();
    }

    private void barrier(int tag) throws MPIException {
        Object empty = new byte[0];
        if (me() == 0) {
            for (int r = 1; r < n(); r++) io.recv(r, tag);
            for (int r = 1; r < n(); r++) io.send(empty, 0, 0, r, tag);
        } else {
            io.send(empty, 0, 0, 0, tag);
            io.recv(0, tag);
        }
    }

    /** Binomial-tree broadcast of a packed array from {@code root}; returns it at every rank. */
    Object bcastPacked(Object packed, int root, int tag) throws MPIException {
        int n = n(), vr = Math.floorMod(me() - root, n);
        int mask = 1;
        while (mask < n) {
            if ((vr & mask) != 0) {
                packed = io.recv((vr - mask + root) % n, tag);
                break;
            }
            mask <<= 1;
        }
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (vr + mask < n) io.send(packed, 0, java.lang.reflect.Array.getLength(packed), (vr + mask + root) % n, tag);
        }
        return packed;
    }

    private void bcastInto(Data buf, int root, int tag) throws MPIException {
        Object packed = bcastPacked(me() == root ? Packing.gather(buf) : null, root, tag);
        if (me() != root) PackedTransfer.deliver(packed, buf, "bcast from rank " + root);
    }

    /** Block {@code r} of a gather/scatter buffer: counts and displacements for the v-forms, else equal blocks. */
    static Data block(Data d, int r, int[] counts, int[] displs) {
        if (counts == null) return new Data(d.buffer(), Math.toIntExact(d.offset() + (long) r * d.count() * d.type().extent()), d.count(), d.type());
        return new Data(d.buffer(), Math.toIntExact(d.offset() + (long) displs[r] * d.type().extent()), counts[r], d.type());
    }

    private void gather(CollectiveCall c, int tag) throws MPIException {
        int root = c.root();
        if (me() != root) {
            Object mine = Packing.gather(c.send());
            io.send(mine, 0, Packing.packedLength(c.send()), root, tag);
            return;
        }
        for (int r = 0; r < n(); r++) {
            Data into = block(c.recv(), r, c.recvCounts(), c.recvDispls());
            if (r == root) {
                if (c.send() != null) PackedTransfer.deliver(Packing.gather(c.send()), into, "gather at rank " + r);
            } else {
                PackedTransfer.deliver(io.recv(r, tag), into, "gather from rank " + r);
            }
        }
    }

    private void scatter(CollectiveCall c, int tag) throws MPIException {
        int root = c.root();
        if (me() != root) {
            PackedTransfer.deliver(io.recv(root, tag), c.recv(), "scatter from rank " + root);
            return;
        }
        for (int r = 0; r < n(); r++) {
            Data from = block(c.send(), r, c.sendCounts(), c.sendDispls());
            if (r == root) {
                if (c.recv() != null) PackedTransfer.deliver(Packing.gather(from), c.recv(), "scatter at rank " + r);
            } else {
                io.send(Packing.gather(from), 0, Packing.packedLength(from), r, tag);
            }
        }
    }

    private void allGather(CollectiveCall c, int tag) throws MPIException {
        Data own = block(c.recv(), me(), c.recvCounts(), c.recvDispls());
        Object mine = Packing.gather(c.send() != null ? c.send() : own);
        Object[] parts = new Object[n()];
        if (me() != 0) {
            io.send(mine, 0, java.lang.reflect.Array.getLength(mine), 0, tag);
        } else {
            parts[0] = mine;
            for (int r = 1; r < n(); r++) parts[r] = io.recv(r, tag);
        }
        int[] lengths = new int[n()];
        if (me() == 0) for (int r = 0; r < n(); r++) lengths[r] = java.lang.reflect.Array.getLength(parts[r]);
        lengths = (int[]) bcastPacked(me() == 0 ? lengths : null, 0, tag);
        Object all = bcastPacked(me() == 0 ? PackedTransfer.concat(parts, lengths, own.type()) : null, 0, tag);
        int at = 0;
        for (int r = 0; r < n(); r++) {
            Data into = block(c.recv(), r, c.recvCounts(), c.recvDispls());
            PackedTransfer.deliverPart(all, at, lengths[r], into, "allGather from rank " + r);
            at += lengths[r];
        }
    }

    private void allToAll(CollectiveCall c, int tag) throws MPIException {
        PackedTransfer.Sends sends = io.startSends();
        try {
            for (int k = 1; k < n(); k++) {
                int r = (me() + k) % n();
                Data from = block(c.send(), r, c.sendCounts(), c.sendDispls());
                sends.send(Packing.gather(from), Packing.packedLength(from), r, tag);
            }
            Data ownFrom = block(c.send(), me(), c.sendCounts(), c.sendDispls());
            PackedTransfer.deliver(Packing.gather(ownFrom), block(c.recv(), me(), c.recvCounts(), c.recvDispls()), "allToAll at rank " + me());
            for (int k = 1; k < n(); k++) {
                int r = (me() - k + n()) % n();
                PackedTransfer.deliver(io.recv(r, tag), block(c.recv(), r, c.recvCounts(), c.recvDispls()), "allToAll from rank " + r);
            }
        } finally {
            sends.finish();
        }
    }

    /** Every rank's operand combined in rank order, at {@code root} ({@code null} elsewhere). */
    private Object reduceToRoot(Object mine, TypeLayout type, int count, CollectiveCall c, int root, int tag)
            throws MPIException {
        if (me() != root) {
            io.send(mine, 0, java.lang.reflect.Array.getLength(mine), root, tag);
            return null;
        }
        Object acc = null;
        for (int r = n() - 1; r >= 0; r--) {
            Object x = r == root ? mine : io.recv(r, tag);
            PackedTransfer.checkSameShape(x, mine, "reduce from rank " + r);
            if (acc == null) acc = r == root ? copy(x) : x;
            else ReductionKernels.apply(c.op(), type, x, acc, count);
        }
        return acc;
    }

    private static Object copy(Object packed) {
        int n = java.lang.reflect.Array.getLength(packed);
        Object c = java.lang.reflect.Array.newInstance(packed.getClass().getComponentType(), n);
        System.arraycopy(packed, 0, c, 0, n);
        return c;
    }

    private void reduce(CollectiveCall c, int tag) throws MPIException {
        Data in = c.send() != null ? c.send() : c.recv();
        Object acc = reduceToRoot(Packing.gather(in), in.type(), in.count(), c, c.root(), tag);
        if (acc != null) Packing.scatter(acc, Packing.packedLength(c.recv()), c.recv());
    }

    private void allReduce(CollectiveCall c, int tag) throws MPIException {
        Data in = c.send() != null ? c.send() : c.recv();
        Object acc = reduceToRoot(Packing.gather(in), in.type(), in.count(), c, 0, tag);
        acc = bcastPacked(acc, 0, tag);
        Packing.scatter(acc, Packing.packedLength(c.recv()), c.recv());
    }

    private void scan(CollectiveCall c, int tag) throws MPIException {
        boolean exclusive = c.kind() == CollectiveCall.Kind.EXSCAN;
        Data in = c.send() != null ? c.send() : c.recv();
        Object mine = Packing.gather(in);
        Object before = me() == 0 ? null : io.recv(me() - 1, tag);
        Object through = mine;
        if (before != null) {
            PackedTransfer.checkSameShape(before, mine, "scan from rank " + (me() - 1));
            through = copy(mine);
            ReductionKernels.apply(c.op(), in.type(), before, through, in.count());
        }
        if (me() + 1 < n()) io.send(through, 0, java.lang.reflect.Array.getLength(through), me() + 1, tag);
        Object result = exclusive ? before : through;
        if (result != null) Packing.scatter(result, Packing.packedLength(c.recv()), c.recv());
    }

    private void reduceScatter(CollectiveCall c, int tag) throws MPIException {
        TypeLayout type = c.recv().type();
        int[] counts = c.recvCounts();
        if (counts == null) {
            counts = new int[n()];
            java.util.Arrays.fill(counts, c.recv().count());
        }
        int total = 0;
        for (int x : counts) total += x;
        Data src = c.send() != null ? c.send() : c.recv();
        Data in = new Data(src.buffer(), src.offset(), total, type);
        Object acc = reduceToRoot(Packing.gather(in), type, total, c, 0, tag);
        int unitsPerItem = Math.toIntExact(type.isMixed() ? type.packedBytes() : type.elementCount());
        Data mineOut = new Data(c.recv().buffer(), c.recv().offset(), counts[me()], type);
        if (me() == 0) {
            int at = 0;
            for (int r = 0; r < n(); r++) {
                int len = counts[r] * unitsPerItem;
                if (r == 0) PackedTransfer.deliverPart(acc, at, len, mineOut, "reduceScatter");
                else io.send(acc, at, len, r, tag);
                at += len;
            }
        } else {
            PackedTransfer.deliver(io.recv(0, tag), mineOut, "reduceScatter from rank 0");
        }
    }
}

package hpjava.mpi.portable;

import hpjava.mpi.spi.CollectiveCall;
import hpjava.mpi.spi.CommChannel;
import hpjava.mpi.spi.Data;
import hpjava.mpi.spi.MessageHandle;
import hpjava.mpi.spi.RequestHandle;
import hpjava.mpi.spi.SendMode;
import hpjava.mpi.spi.StatusRecord;
import hpjava.mpjdev.Comm;
import java.util.ArrayList;
import java.util.List;
import mpi.MPIException;

/**
 * An MPI communicator of the portable implementation: a private mpjdev base communicator, from which its
 * point-to-point and collective communicators and every sub-communicator are created (members create from a base in
 * the same order, because MPI's communicator calls are collective).
 */
final class PortableChannel implements CommChannel {

    private final PortableEngine engine;
    private final Comm base;
    private final int[] worldRanks;
    final Matching p2p;
    private final Collectives coll;
    /** On mt, the check that members make the same collective calls; else null. */
    private final CollectiveCallCheck calls;

    PortableChannel(PortableEngine engine, Comm base, int[] worldRanks) {
        this.engine = engine;
        this.base = base;
        this.worldRanks = worldRanks;
        int[] all = identity(base.size());
        this.p2p = new Matching(base.create(all));
        this.coll = new Collectives(base.create(all));
        this.calls = base.backendName().equals("mt") ? new CollectiveCallCheck(base.create(all)) : null;
        engine.register(this);
    }

    static int[] identity(int n) {
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) ids[i] = i;
        return ids;
    }

    @Override
    public int size() {
        return base.size();
    }

    @Override
    public int rank() {
        return base.id();
    }

    @Override
    public int[] worldRanks() {
        return worldRanks.clone();
    }

    @Override
    public void send(SendMode mode, Data data, int dest, int tag) throws MPIException {
        p2p.send(mode, data, dest, tag);
    }

    @Override
    public RequestHandle isend(SendMode mode, Data data, int dest, int tag) throws MPIException {
        return p2p.isend(mode, data, dest, tag);
    }

    @Override
    public void recv(Data data, int source, int tag, StatusRecord status) throws MPIException {
        p2p.post(data, source, tag).await(status);
    }

    @Override
    public RequestHandle irecv(Data data, int source, int tag) {
        return p2p.post(data, source, tag);
    }

    @Override
    public void probe(int source, int tag, StatusRecord status) throws MPIException {
        p2p.probe(source, tag, status, true);
    }

    @Override
    public boolean iprobe(int source, int tag, StatusRecord status) throws MPIException {
        return p2p.probe(source, tag, status, false);
    }

    @Override
    public MessageHandle mprobe(int source, int tag, StatusRecord status) throws MPIException {
        return new PostedRecv.Taken(p2p.matchedProbe(source, tag, status, true));
    }

    @Override
    public MessageHandle improbe(int source, int tag, StatusRecord status) throws MPIException {
        Incoming m = p2p.matchedProbe(source, tag, status, false);
        return m == null ? null : new PostedRecv.Taken(m);
    }

    @Override
    public void collective(CollectiveCall call) throws MPIException {
        int tag = coll.nextTag();
        if (calls != null) calls.check(CollectiveCallCheck.of(tag, call));
        coll.run(call, tag);
    }

    @Override
    public RequestHandle startCollective(CollectiveCall call) throws MPIException {
        int tag = coll.nextTag();
        CollectiveCallCheck.Call checked = calls == null ? null : CollectiveCallCheck.of(tag, call);
        return new CollectiveRequest(call.kind(), () -> {
            if (checked != null) calls.check(checked);
            coll.run(call, tag);
        });
    }



    @Override
    public CommChannel dup() {
        return new PortableChannel(engine, base.create(identity(size())), worldRanks);
    }

    @Override
    public CommChannel split(int color, int key) throws MPIException {
        int[] mine = {color, key};
        int[] all = new int[2 * size()];
        collective(new CollectiveCall(CollectiveCall.Kind.ALLGATHER, new Data(mine, 0, 2, PortableEngine.INTS),
                new Data(all, 0, 2, PortableEngine.INTS), null, null, null, null, 0, null));
        if (color == UNDEFINED) return null;
        List<int[]> members = new ArrayList<>();
        for (int r = 0; r < size(); r++) if (all[2 * r] == color) members.add(new int[] {all[2 * r + 1], r});
        members.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
        int[] ids = new int[members.size()];
        for (int k = 0; k < ids.length; k++) ids[k] = members.get(k)[1];
        return sub(ids);
    }

    @Override
    public CommChannel create(int[] members) {
        for (int m : members) if (m == rank()) return sub(members);
        return null;
    }

    @Override
    public CommChannel createGroup(int[] members, int tag) {
        return sub(members);
    }

    private PortableChannel sub(int[] ids) {
        int[] w = new int[ids.length];
        for (int k = 0; k < ids.length; k++) w[k] = worldRanks[ids[k]];
        return new PortableChannel(engine, base.create(ids.clone()), w);
    }

    @Override
    public void free() {
        engine.unregister(this);
    }
}

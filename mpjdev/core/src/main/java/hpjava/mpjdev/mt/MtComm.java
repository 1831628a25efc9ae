package hpjava.mpjdev.mt;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.NativeCollectives;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;

import hpjava.mpjdev.spi.CommCreation;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;

/** One rank's view of an mt communicator. */
final class MtComm extends Comm {
    final MtJob job;
    final MtContext context;
    final int id;
    final RankState me;
    private final Optional<NativeCollectives> collectives;
    /** How many communicators this member made of each (interned) id list: keyed by identity, O(1) per list. */
    private final Map<int[], Integer> created = new IdentityHashMap<>();

    MtComm(MtJob job, MtContext context, int id) {
        this.job = job;
        this.context = context;
        this.id = id;
        this.me = job.ranks[context.worldRanks[id]];
        this.collectives = Optional.of(new MtCollectives(this));
    }

    @Override
    public int size() {
        return context.size;
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public String backendName() {
        return "mt";
    }

    @Override
    public void send(Buffer buf, int dest, int tag) {
        MtRequest r = startSend(buf, dest, tag);
        if (r.state == MtRequest.PENDING) job.await(r);
        r.finish();
    }

    @Override
    public Status recv(Buffer buf, int source, int tag) {
        MtRequest r = startRecv(buf, source, tag);
        if (r.state == MtRequest.PENDING) job.await(r);
        return r.finish();
    }

    @Override
    public Request isend(Buffer buf, int dest, int tag) {
        return startSend(buf, dest, tag);
    }

    @Override
    public Request irecv(Buffer buf, int source, int tag) {
        return startRecv(buf, source, tag);
    }

    private MtRequest startSend(Buffer buf, int dest, int tag) {
        checkSendArgs(buf, dest, tag);
        job.checkNotAborted();
        buf.lendToDevice();
        MtRequest r = MtRequest.forBuffer(buf);
        r.start(this, true, dest, tag);
        me.countOperation();
        buf.completeSend(id, tag);
        job.deliverOrQueue(r);
        return r;
    }

    private MtRequest startRecv(Buffer buf, int source, int tag) {
        checkRecvArgs(buf, source, tag);
        job.checkNotAborted();
        buf.lendToDevice();
        MtRequest r = MtRequest.forBuffer(buf);
        r.start(this, false, source, tag);
        me.countOperation();
        job.matchOrPost(r);
        return r;
    }

    /** The id-list check is mpjdev's shared one ({@link CommCreation#checkIds}); the job interns the list and numbers the contexts. */
    @Override
    public Comm create(int[] ids) {
        int mine = CommCreation.checkIds(ids, size(), id);
        int[] key = job.contexts.intern(context.id, ids);
        int seq;
        synchronized (created) {
            seq = created.merge(key, 1, Integer::sum) - 1;
        }
        return new MtComm(job, job.contexts.subContext(context, key, seq), mine);
    }

    @Override
    public Optional<NativeCollectives> collectives() {
        return collectives;
    }
}

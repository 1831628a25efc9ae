package hpjava.mpjdev.profile;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.NativeCollectives;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.Status;

import java.util.Optional;

/**
 * A communicator that counts into a {@link ProfileRecorder} what passes through it, on any backend: every send
 * ({@code send}, {@code isend}) as one message of the buffer's length, the time blocked in {@code send} and
 * {@code recv} as waiting, and its native collectives through {@link ProfiledCollectives}. The requests of
 * {@code isend}/{@code irecv} are the backend's own: their waits are timed by the caller. Used only while profiling.
 */
public final class ProfiledComm extends Comm {
    private final Comm comm;
    private final ProfileRecorder profile;
    private final Optional<NativeCollectives> collectives;

    public ProfiledComm(Comm comm, ProfileRecorder profile) {
        this.comm = comm;
        this.profile = profile;
        this.collectives = comm.collectives().map(c -> new ProfiledCollectives(c, profile, comm.id()));
    }

    @Override public int size() { return comm.size(); }

    @Override public int id() { return comm.id(); }

    @Override
    public void send(Buffer buf, int dest, int tag) {
        profile.sent(1, buf.length());
        long t = System.nanoTime();
        try {
            comm.send(buf, dest, tag);
        } finally {
            profile.waited(System.nanoTime() - t);
        }
    }

    @Override
    public Status recv(Buffer buf, int source, int tag) {
        long t = System.nanoTime();
        try {
            return comm.recv(buf, source, tag);
        } finally {
            profile.waited(System.nanoTime() - t);
        }
    }

    @Override
    public Request isend(Buffer buf, int dest, int tag) {
        profile.sent(1, buf.length());
        return comm.isend(buf, dest, tag);
    }

    @Override public Request irecv(Buffer buf, int source, int tag) { return comm.irecv(buf, source, tag); }

    @Override public Comm create(int[] ids) { return new ProfiledComm(comm.create(ids), profile); }

    @Override public Optional<NativeCollectives> collectives() { return collectives; }

    @Override public String backendName() { return comm.backendName(); }
}

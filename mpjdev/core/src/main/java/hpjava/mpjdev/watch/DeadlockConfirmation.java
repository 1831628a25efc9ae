package hpjava.mpjdev.watch;

import java.util.HashMap;
import java.util.Map;

/**
 * How {@link JobWatch} reaches a deadlock verdict: only when no rank can progress, judged on a consistent cut of the
 * ranks' states, never on the reports as they happen to lie in the launcher.
 *
 * <p>The reports come every 200 ms from each rank's reporter thread; on a loaded machine a reporter may not run for
 * seconds, so the launcher's latest reports are of different ages and together may show a state the job never was in
 * (a rank's stale report still waiting, while its answer is already on the way). So a suspicion (every live rank
 * blocked for over {@link JobWatch#DEADLOCK_BLOCKED_MS} ms, no count moving, as many receives completed as sends
 * started, no native collective that has all its members) is only a candidate: the watch sends every live rank a
 * {@link #PROBE}, and each rank answers at once with a report made after it read the probe. The verdict is given when
 * every answer shows its rank in exactly the state of the candidate ({@link RankView#sameStateAs}): each rank then was
 * in that state from its candidate report until its answer, an interval that contains the moment the probes were sent,
 * so at that moment every rank was blocked as the candidate says. Any change drops the candidate; a rank that does not
 * answer (descheduled, or gone) delays the verdict and never forces it.
 *
 * <p>A native collective (the mpi backend's barrier, broadcast and allreduce run inside the MPI library) moves no
 * message the reports count. While every member of its communicator waits in a collective on it, the collective is
 * under way and can complete, however slowly (ranks that share cores with other work poll the library only now and
 * then): that is no deadlock. A job where some member never arrives (blocked elsewhere, or finished) still is one.
 * Not thread-safe: used by the watch thread only.
 */
final class DeadlockConfirmation {
    /** The byte the launcher sends a rank to ask for a report made now. */
    static final byte PROBE = 'P';

    /** Sends {@link #PROBE} to rank {@code r}; false if its link is gone. */
    interface Prober {
        boolean probe(int rank);
    }

    private final long[] probesSent;
    private RankView[] candidate;

    DeadlockConfirmation(int np) {
        this.probesSent = new long[np];
    }

    /**
     * One look at the latest reports {@code v} (every rank has reported), of which {@code stable} says whether no
     * progress count moved over the last looks. Returns the reports that confirm a deadlock (every rank's answer to
     * the probes), or null.
     */
    RankView[] look(RankView[] v, boolean stable, Prober prober) {
        if (candidate != null) return confirm(v);
        if (stable && suspect(v)) {
            candidate = v.clone();
            for (RankView x : candidate) {
                if (x.state() == 'F') continue;
                probesSent[x.rank()]++;
                if (!prober.probe(x.rank())) {
                    candidate = null;   // a rank whose link is gone: its end is the backend's to see
                    return null;
                }
            }
        }
        return null;
    }

    /** The candidate's fate: confirmed (the answers), still open (null, candidate kept), or dropped (null). */
    private RankView[] confirm(RankView[] v) {
        boolean answered = true;
        for (RankView was : candidate) {
            RankView now = v[was.rank()];
            if (!now.sameStateAs(was)) {
                candidate = null;
                return null;
            }
            if (was.state() != 'F' && now.probes() < probesSent[was.rank()]) answered = false;
        }
        if (!answered) return null;
        candidate = null;
        return v;
    }

    /** Whether the reports, taken as they are, look like a deadlock (see the class comment). */
    static boolean suspect(RankView[] v) {
        long sent = 0, received = 0;
        boolean anyLive = false;
        Map<String, Integer> waitingIn = new HashMap<>();
        for (RankView x : v) {
            sent += x.sent();
            received += x.received();
            if (x.state() == 'F') continue;
            anyLive = true;
            if (x.state() != 'W' || x.blockedMs() < JobWatch.DEADLOCK_BLOCKED_MS) return false;
            if (x.inCollective() && waitingIn.merge(x.collective(), 1, Integer::sum) == x.collectiveSize()) return false;
        }
        return anyLive && sent == received;
    }
}

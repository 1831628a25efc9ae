package hpjava.lang.rankprogram;

import hpjava.lang.ProcessContext;
import hpjava.mpjdev.RankContext;

/**
 * An SPMD program run by {@code RankContextBindingTest} through the mpjdev launcher: every rank checks that
 * {@link ProcessContext#current()} needs no explicit binding and names its own rank, and that a thread the rank
 * starts gets a fork (same rank, own APG stack). Throws (ending the job non-zero) on any mismatch.
 */
public final class ReportsItsRank {
    private ReportsItsRank() {}

    public static void main(String[] args) throws Exception {
        RankContext rank = RankContext.current();
        ProcessContext c = ProcessContext.current();
        check(c.id() == rank.rank() && c.size() == rank.world().size(), "rank " + rank + " got context " + c.id()
                + "/" + c.size());
        check(ProcessContext.current() == c, "a second lookup on the rank's thread returns another context");
        ProcessContext[] seen = new ProcessContext[1];
        Thread t = Thread.ofPlatform().start(() -> seen[0] = ProcessContext.current());
        t.join();
        check(seen[0] != null && seen[0] != c && seen[0].id() == c.id() && seen[0].size() == c.size(),
                "a thread started by rank " + c.id() + " did not get a fork of its context");
        System.out.println("rank " + c.id() + " of " + c.size() + " ok");
    }

    private static void check(boolean ok, String what) {
        if (!ok) throw new AssertionError(what);
    }
}

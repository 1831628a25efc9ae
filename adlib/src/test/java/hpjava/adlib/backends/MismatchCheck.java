package hpjava.adlib.backends;

import hpjava.adlib.MismatchCases;
import hpjava.lang.ProcessContext;
import hpjava.mpjdev.RankContext;

import java.util.List;

/**
 * One mismatched pair on any backend ({@link MismatchBackendsTest}): arguments {@code X Y}, names of
 * {@link MismatchCases}; the last rank calls X, the others Y. Prints {@code COMPLETED} if its call returns (which a
 * mismatch must never allow on every rank).
 */
public final class MismatchCheck {
    private MismatchCheck() {}

    public static void main(String[] args) {
        RankContext rc = RankContext.current();
        int rank = rc.rank(), np = rc.world().size();
        List<MismatchCases.Case> cases = MismatchCases.all();
        MismatchCases.Case x = find(cases, args[0]), y = find(cases, args[1]);
        ProcessContext.create(rank, np).run(() -> {
            MismatchCases.Fix f = new MismatchCases.Fix(np);
            (rank == np - 1 ? x : y).call().run(f);
            System.out.println("COMPLETED");
        });
    }

    private static MismatchCases.Case find(List<MismatchCases.Case> cases, String name) {
        return cases.stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no case named '" + name + "'"));
    }
}

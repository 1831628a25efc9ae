package hpjava.mpjdev.mt;

import hpjava.mpjdev.LaunchSpec;

import java.io.PrintStream;

/**
 * Whether the ranks of an mt job share one copy of the program's classes (option {@code rank-classes},
 * {@link RankClasses}; mpjdev/README.md, "Program classes in mt"). Decided once, before any rank runs.
 */
final class SharedClasses {
    private SharedClasses() {
    }

    /** The decision for {@code spec}; with option {@code verbose}, printed on {@code err} with its reason. */
    static boolean decide(MtOptions options, LaunchSpec spec, PrintStream err) {
        boolean shared;
        String why;
        switch (options.rankClasses()) {
            case SHARED -> {
                shared = true;
                why = "rank-classes=shared";
            }
            case PER_RANK -> {
                shared = false;
                why = "rank-classes=per-rank";
            }
            default -> {
                if (spec.np() == 1) {
                    shared = false;
                    why = "auto: one rank";
                } else if (spec.classPath().isEmpty()) {
                    // The loader then searches java.class.path: the launcher's own class path (libraries, the tool
                    // chain, a test framework), not a program's; the junit module's jobs run this way.
                    shared = false;
                    why = "auto: no class path given, the program shares the launcher's";
                } else {
                    StaticStateScan.Verdict v = StaticStateScan.scan(spec.classPath());
                    shared = v.shareable();
                    why = "auto: " + (shared ? "no rank can observe another's static state" : v.reason()) + "; "
                            + v.classes() + " class files scanned in " + String.format("%.1f", v.nanos() / 1e6) + " ms";
                }
            }
        }
        if (options.verbose())
            err.println("mpjdev-mt: program classes " + (shared ? "shared by the ranks" : "per rank") + " (" + why + ")");
        return shared;
    }
}

package hpjava.mpjdev.mt;

/**
 * mt option {@code rank-classes}: whether the ranks of a job share one copy of the program's classes
 * ({@link SharedClasses} decides, {@link StaticStateScan} says when it is safe; mpjdev/README.md, "Program classes in mt").
 */
enum RankClasses {
    /** Shared when {@link StaticStateScan} finds that no rank can observe another's static state, else per rank. */
    AUTO("auto"),
    /** One class loader, hence one copy of every program class, for all ranks (forced: the user vouches for it). */
    SHARED("shared"),
    /** A class loader per rank, so static fields are per rank, exactly as in separate processes. */
    PER_RANK("per-rank");

    final String spelling;

    RankClasses(String spelling) {
        this.spelling = spelling;
    }

    static RankClasses parse(String value) {
        for (RankClasses c : values()) if (c.spelling.equals(value)) return c;
        throw new IllegalArgumentException("mt option rank-classes must be auto, shared or per-rank, not '" + value + "'");
    }
}

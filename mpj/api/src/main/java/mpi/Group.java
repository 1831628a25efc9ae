package mpi;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * An ordered set of processes, held as their ranks in {@code MPI.COMM_WORLD}. Group operations are local. Open MPI's
 * names and mpiJava 1.2's ({@code Size()}, {@code Incl(...)}) both work.
 */
public final class Group implements Freeable {

    private final int[] members;
    private boolean freed;

    Group(int[] worldRanks) {
        this.members = worldRanks;
    }

    int[] members() throws MPIException {
        if (freed) throw new MPIException(ErrorClass.GROUP, "the group has been freed");
        return members;
    }

    /** Number of processes. */
    public int getSize() throws MPIException {
        return members().length;
    }

    /** The caller's rank in the group, or {@code MPI.UNDEFINED}. */
    public int getRank() throws MPIException {
        int me = Ranks.state().worldRank;
        int[] m = members();
        for (int i = 0; i < m.length; i++) if (m[i] == me) return i;
        return MPI.UNDEFINED;
    }

    /** Whether the group is freed. */
    public boolean isNull() {
        return freed;
    }

    /** Frees the group ({@code MPI.GROUP_EMPTY} cannot be freed). */
    @Override
    public void free() throws MPIException {
        if (this == MPI.GROUP_EMPTY) throw new MPIException(ErrorClass.GROUP, "free: MPI.GROUP_EMPTY is predefined");
        members();
        freed = true;
    }

    /** The ranks in {@code group2} of the processes {@code ranks1} of {@code group1} ({@code MPI.UNDEFINED} if absent). */
    public static int[] translateRanks(Group group1, int[] ranks1, Group group2) throws MPIException {
        ArgumentChecks.notNull("translateRanks", "group1", group1);
        ArgumentChecks.notNull("translateRanks", "group2", group2);
        ArgumentChecks.notNull("translateRanks", "ranks1", ranks1);
        int[] a = group1.members(), b = group2.members();
        int[] out = new int[ranks1.length];
        for (int i = 0; i < ranks1.length; i++) {
            int r = ranks1[i];
            if (r == MPI.PROC_NULL) {
                out[i] = MPI.PROC_NULL;
                continue;
            }
            if (r < 0 || r >= a.length) throw new MPIException(ErrorClass.RANK, "translateRanks: ranks1[" + i + "] = " + r + " is not a rank of group1 (size " + a.length + ")");
            out[i] = indexOf(b, a[r]);
        }
        return out;
    }

    private static int indexOf(int[] m, int worldRank) {
        for (int j = 0; j < m.length; j++) if (m[j] == worldRank) return j;
        return MPI.UNDEFINED;
    }

    /** {@code MPI.IDENT} (same members, same order), {@code MPI.SIMILAR} (same members) or {@code MPI.UNEQUAL}. */
    public static int compare(Group group1, Group group2) throws MPIException {
        ArgumentChecks.notNull("compare", "group1", group1);
        ArgumentChecks.notNull("compare", "group2", group2);
        int[] a = group1.members(), b = group2.members();
        if (Arrays.equals(a, b)) return MPI.IDENT;
        if (a.length == b.length && Arrays.equals(Arrays.stream(a).sorted().toArray(), Arrays.stream(b).sorted().toArray()))
            return MPI.SIMILAR;
        return MPI.UNEQUAL;
    }

    /** The members of {@code group1} then those of {@code group2} not in {@code group1}. */
    public static Group union(Group group1, Group group2) throws MPIException {
        Set<Integer> s = new LinkedHashSet<>();
        for (int r : group1.members()) s.add(r);
        for (int r : group2.members()) s.add(r);
        return new Group(s.stream().mapToInt(Integer::intValue).toArray());
    }

    /** The members of {@code group1} also in {@code group2}, in {@code group1}'s order. */
    public static Group intersection(Group group1, Group group2) throws MPIException {
        int[] b = group2.members();
        return new Group(Arrays.stream(group1.members()).filter(r -> indexOf(b, r) != MPI.UNDEFINED).toArray());
    }

    /** The members of {@code group1} not in {@code group2}. */
    public static Group difference(Group group1, Group group2) throws MPIException {
        int[] b = group2.members();
        return new Group(Arrays.stream(group1.members()).filter(r -> indexOf(b, r) == MPI.UNDEFINED).toArray());
    }

    /** The members at {@code ranks}, in that order (distinct, in range). */
    public Group incl(int[] ranks) throws MPIException {
        int[] m = members();
        checkDistinctRanks("incl", ranks, m.length);
        int[] out = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++) out[i] = m[ranks[i]];
        return new Group(out);
    }

    /** The members not at {@code ranks}, in group order. */
    public Group excl(int[] ranks) throws MPIException {
        int[] m = members();
        checkDistinctRanks("excl", ranks, m.length);
        boolean[] drop = new boolean[m.length];
        for (int r : ranks) drop[r] = true;
        int[] out = new int[m.length - ranks.length];
        int k = 0;
        for (int i = 0; i < m.length; i++) if (!drop[i]) out[k++] = m[i];
        return new Group(out);
    }

    /** {@link #incl} of the ranks in the triplets {@code {first, last, stride}}. */
    public Group rangeIncl(int[][] ranges) throws MPIException {
        return incl(expand("rangeIncl", ranges, members().length));
    }

    /** {@link #excl} of the ranks in the triplets {@code {first, last, stride}}. */
    public Group rangeExcl(int[][] ranges) throws MPIException {
        return excl(expand("rangeExcl", ranges, members().length));
    }

    private static void checkDistinctRanks(String what, int[] ranks, int size) throws MPIException {
        ArgumentChecks.notNull(what, "ranks", ranks);
        boolean[] seen = new boolean[size];
        for (int i = 0; i < ranks.length; i++) {
            int r = ranks[i];
            if (r < 0 || r >= size) throw new MPIException(ErrorClass.RANK, what + ": ranks[" + i + "] = " + r + " is not a rank of the group (size " + size + ")");
            if (seen[r]) throw new MPIException(ErrorClass.RANK, what + ": rank " + r + " is listed twice");
            seen[r] = true;
        }
    }

    private static int[] expand(String what, int[][] ranges, int size) throws MPIException {
        ArgumentChecks.notNull(what, "ranges", ranges);
        java.util.List<Integer> out = new java.util.ArrayList<>();
        for (int[] t : ranges) {
            if (t == null || t.length != 3 || t[2] == 0)
                throw new MPIException(ErrorClass.ARG, what + ": each range is {first, last, stride} with stride != 0");
            for (int r = t[0]; t[2] > 0 ? r <= t[1] : r >= t[1]; r += t[2]) {
                if (r < 0 || r >= size) throw new MPIException(ErrorClass.RANK, what + ": rank " + r + " is not in the group (size " + size + ")");
                out.add(r);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    // ---- mpiJava 1.2 forms ----

    /** mpiJava: {@link #getSize()}. */
    public int Size() throws MPIException {
        return getSize();
    }

    /** mpiJava: {@link #getRank()}. */
    public int Rank() throws MPIException {
        return getRank();
    }

    /** mpiJava: {@link #free()}. */
    public void Free() throws MPIException {
        free();
    }

    /** mpiJava: {@link #translateRanks}. */
    public static int[] Translate_ranks(Group group1, int[] ranks1, Group group2) throws MPIException {
        return translateRanks(group1, ranks1, group2);
    }

    /** mpiJava: {@link #compare}. */
    public static int Compare(Group group1, Group group2) throws MPIException {
        return compare(group1, group2);
    }

    /** mpiJava: {@link #union}. */
    public static Group Union(Group group1, Group group2) throws MPIException {
        return union(group1, group2);
    }

    /** mpiJava: {@link #intersection}. */
    public static Group Intersection(Group group1, Group group2) throws MPIException {
        return intersection(group1, group2);
    }

    /** mpiJava: {@link #difference}. */
    public static Group Difference(Group group1, Group group2) throws MPIException {
        return difference(group1, group2);
    }

    /** mpiJava: {@link #incl}. */
    public Group Incl(int[] ranks) throws MPIException {
        return incl(ranks);
    }

    /** mpiJava: {@link #excl}. */
    public Group Excl(int[] ranks) throws MPIException {
        return excl(ranks);
    }

    /** mpiJava: {@link #rangeIncl}. */
    public Group Range_incl(int[][] ranges) throws MPIException {
        return rangeIncl(ranges);
    }

    /** mpiJava: {@link #rangeExcl}. */
    public Group Range_excl(int[][] ranges) throws MPIException {
        return rangeExcl(ranges);
    }
}

package hpjava.mpjdev.mt;

import hpjava.mpjdev.spi.CommCreation;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sub-communicator contexts of one mt job. Every member of a new communicator passes the same id list; the job
 * keeps one canonical copy of each list ({@link #intern}) and one context per (parent, list, how-manieth creation of
 * that list by a member) key, so the memory of an N-member communicator is O(N) for the job, not O(N) per member:
 * with N ranks creating an N-member communicator at once, per-member copies or boxed keys cost N^2 (at 16384 ranks,
 * 20 bytes an id of boxed Integers were 5 GB).
 */
final class MtContexts {
    private final ConcurrentHashMap<IdList, int[]> idLists = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<ContextKey, MtContext> contexts = new ConcurrentHashMap<>();

    /** The job's canonical array with the contents of {@code ids} (copied the first time only); never modify it. */
    int[] intern(long parent, int[] ids) {
        int[] canonical = idLists.get(new IdList(parent, ids));
        if (canonical != null) return canonical;
        int[] copy = ids.clone();
        return idLists.computeIfAbsent(new IdList(parent, copy), k -> copy);
    }

    /**
     * The context of the {@code seq}-th communicator made of {@code ids} (an {@link #intern}ed array) of {@code parent};
     * its id is mpjdev's shared {@link CommCreation#deriveContext}, as on every backend.
     */
    MtContext subContext(MtContext parent, int[] ids, int seq) {
        return contexts.computeIfAbsent(new ContextKey(parent.id, ids, seq), k -> {
            int[] world = new int[ids.length];
            for (int i = 0; i < ids.length; i++) world[i] = parent.worldRanks[ids[i]];
            return new MtContext(CommCreation.deriveContext(parent.id, ids, seq), world);
        });
    }

    /** An id list of a parent context, compared by contents (hash computed once). */
    private static final class IdList {
        final long parent;
        final int[] ids;
        final int hash;

        IdList(long parent, int[] ids) {
            this.parent = parent;
            this.ids = ids;
            this.hash = Long.hashCode(parent) * 31 + Arrays.hashCode(ids);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof IdList l && l.parent == parent && l.hash == hash && Arrays.equals(l.ids, ids);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** Keyed by the interned array's identity: equal lists are the same array. */
    private record ContextKey(long parent, int[] ids, int seq) {
        @Override
        public boolean equals(Object o) {
            return o instanceof ContextKey k && k.parent == parent && k.seq == seq && k.ids == ids;
        }

        @Override
        public int hashCode() {
            return (Long.hashCode(parent) * 31 + seq) * 31 + System.identityHashCode(ids);
        }
    }
}

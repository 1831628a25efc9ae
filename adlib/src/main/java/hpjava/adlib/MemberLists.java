package hpjava.adlib;

import hpjava.lang.Group;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One shared copy of each large member list that Adlib's schedules keep ({@link Group#members()} returns a fresh copy
 * each call). Every schedule kept its own copy of its group's members: with N ranks (threads of one JVM on mt) each
 * holding a handful of schedules over the whole job, that was several N-int arrays a rank, N^2 in all (4096 ranks:
 * 544 MB of int[] in a heap histogram). The arrays handed out are shared between ranks and schedules: never modify
 * them. Lists shorter than {@value #MIN_LENGTH} are not worth sharing; at most {@value #MAX_LISTS} lists are kept (the
 * table starts afresh beyond), so a program making ever new groups does not grow it without bound.
 */
final class MemberLists {
    private static final int MIN_LENGTH = 64;
    private static final int MAX_LISTS = 256;
    private static final ConcurrentHashMap<Key, int[]> LISTS = new ConcurrentHashMap<>();

    private MemberLists() {
    }

    /** The members of {@code g}, shared: read only. */
    static int[] of(Group g) {
        int[] members = g.members();
        if (members.length < MIN_LENGTH) return members;
        Key k = new Key(members);
        int[] shared = LISTS.get(k);
        if (shared != null) return shared;
        if (LISTS.size() >= MAX_LISTS) LISTS.clear();
        shared = LISTS.putIfAbsent(k, members);
        return shared == null ? members : shared;
    }

    private static final class Key {
        final int[] members;
        final int hash;

        Key(int[] members) {
            this.members = members;
            this.hash = Arrays.hashCode(members);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && Arrays.equals(k.members, members);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}

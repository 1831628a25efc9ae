package hpjava.adlib;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;

import java.lang.reflect.Array;

/**
 * Logarithmic-depth collectives over point-to-point messages among a group given as job ranks ({@code members},
 * the caller at index {@code me}): binomial-tree broadcast and gather. Messages use Adlib's private communicator
 * and pooled buffers; primitive payloads are copied once into and once out of the message.
 */
final class Tree {
    private Tree() {}

    /**
     * Broadcast of {@code arrays[i][0 .. counts[i])} (primitive arrays) from member {@code root}: binomial tree,
     * depth ceil(log2 n).
     */
    static void bcast(AdlibRank rk, int[] members, int me, int root, Object[] arrays, int[] counts) {
        int n = members.length;
        if (n == 1) return;
        Comm comm = rk.comm;
        int rel = Math.floorMod(me - root, n);
        int mask = 1;
        while (mask < n) {
            if ((rel & mask) != 0) {
                Buffer b = rk.pool.acquire(bytes(arrays, counts));
                try {
                    comm.recv(b, members[(rel - mask + root) % n], AdlibRank.TAG_BCAST);
                    for (Object a : arrays) b.read(a, 0);
                } finally {
                    releaseUnlessLent(b);
                }
                break;
            }
            mask <<= 1;
        }
        mask >>= 1;
        if (mask == 0) return;
        Buffer b = null;
        try {
            for (; mask > 0; mask >>= 1) {
                if (rel + mask >= n) continue;
                if (b == null) {
                    b = rk.pool.acquire(bytes(arrays, counts));
                    for (int i = 0; i < arrays.length; i++) b.write(arrays[i], 0, counts[i]);
                }
                comm.send(b, members[(rel + mask + root) % n], AdlibRank.TAG_BCAST);
            }
        } finally {
            if (b != null) releaseUnlessLent(b);
        }
    }

    /** Broadcast of one object from member {@code root} (serialized); returns it on every member. */
    static Object bcastObject(AdlibRank rk, int[] members, int me, int root, Object value) {
        int n = members.length;
        if (n == 1) return value;
        Comm comm = rk.comm;
        int rel = Math.floorMod(me - root, n);
        int mask = 1;
        while (mask < n) {
            if ((rel & mask) != 0) {
                Buffer b = rk.pool.acquire(4096);
                try {
                    comm.recv(b, members[(rel - mask + root) % n], AdlibRank.TAG_BCAST);
                    value = b.readObject();
                } finally {
                    releaseUnlessLent(b);
                }
                break;
            }
            mask <<= 1;
        }
        mask >>= 1;
        Buffer b = null;
        try {
            for (; mask > 0; mask >>= 1) {
                if (rel + mask >= n) continue;
                if (b == null) {
                    b = rk.pool.acquire(4096);
                    b.writeObject(value);
                }
                comm.send(b, members[(rel + mask + root) % n], AdlibRank.TAG_BCAST);
            }
        } finally {
            if (b != null) releaseUnlessLent(b);
        }
        return value;
    }

    /**
     * Binomial gather to member 0: on entry {@code all[i]} holds the caller's contribution at
     * {@code [me*m[i], (me+1)*m[i])}; on return, on member 0, every member's contribution in member order.
     */
    static void gather(AdlibRank rk, int[] members, int me, Object[] all, int[] m) {
        int n = members.length;
        if (n == 1) return;
        Comm comm = rk.comm;
        int have = 1;
        for (int mask = 1; mask < n; mask <<= 1) {
            if ((me & mask) != 0) {
                long bytes = Buffer.HEADER_BYTES;
                for (int i = 0; i < all.length; i++) bytes += Buffer.SECTION_HEADER_BYTES + 8L * have * m[i] + 8;
                Buffer b = rk.pool.acquire(bytes);
                try {
                    for (int i = 0; i < all.length; i++) b.write(all[i], me * m[i], have * m[i]);
                    comm.send(b, members[me - mask], AdlibRank.TAG_GATHER);
                } finally {
                    releaseUnlessLent(b);
                }
                return;
            }
            if (me + mask < n) {
                int cnt = Math.min(mask, n - (me + mask));
                long bytes = Buffer.HEADER_BYTES;
                for (int i = 0; i < all.length; i++) bytes += Buffer.SECTION_HEADER_BYTES + 8L * cnt * m[i] + 8;
                Buffer b = rk.pool.acquire(bytes);
                try {
                    comm.recv(b, members[me + mask], AdlibRank.TAG_GATHER);
                    for (int i = 0; i < all.length; i++) b.read(all[i], (me + mask) * m[i]);
                } finally {
                    releaseUnlessLent(b);
                }
                have += cnt;
            }
        }
    }

    private static long bytes(Object[] arrays, int[] counts) {
        long n = Buffer.HEADER_BYTES;
        for (int i = 0; i < arrays.length; i++) n += Buffer.SECTION_HEADER_BYTES + 8L * counts[i] + 8;
        return n;
    }

    /** Index of job rank {@code rank} in {@code members}, or -1. */
    static int indexOf(int[] members, int rank) {
        for (int k = 0; k < members.length; k++) if (members[k] == rank) return k;
        return -1;
    }

    static Object newLike(Object array, int n) {
        return Array.newInstance(array.getClass().getComponentType(), n);
    }

    /**
     * Returns a message buffer to the pool after an operation, unless a failed operation left it with the device (the
     * job is ending then: releasing it would only replace the device's error with a misleading one).
     */
    private static void releaseUnlessLent(Buffer b) {
        if (!b.isLent()) b.release();
    }
}

package hpjava.adlib.backends;

import java.nio.charset.StandardCharsets;

/**
 * A 64-bit digest of exact value bits (FNV-1a over the little-endian bytes of each value, then a final avalanche):
 * floating values by their raw bits, so two results agree only when they are bit-identical. Used by
 * {@link AdlibCheck} for its {@code case-name digest} lines and by {@link BackendsTest} to hash captured output.
 */
final class Digest {
    private long h = 0xcbf29ce484222325L;

    Digest add(long v) {
        for (int i = 0; i < 8; i++) {
            h ^= (v >>> (8 * i)) & 0xff;
            h *= 0x100000001b3L;
        }
        return this;
    }

    Digest add(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        add(b.length);
        for (byte x : b) {
            h ^= x & 0xff;
            h *= 0x100000001b3L;
        }
        return this;
    }

    /** Adds a boxed element value of any element type (see {@link Elem#bits}). */
    Digest add(Object v) {
        if (v instanceof Cell c) return add(c.k()).add(c.s());
        if (v instanceof String s) return add(s);
        if (v == null) return add(0x6e756c6cL);
        return add(Elem.bits(v));
    }

    Digest addAll(Object[] vs) {
        add(vs.length);
        for (Object v : vs) add(v);
        return this;
    }

    String hex() {
        long x = h;
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        return String.format("%016x", x);
    }

    static String of(String text) {
        return new Digest().add(text).hex();
    }
}

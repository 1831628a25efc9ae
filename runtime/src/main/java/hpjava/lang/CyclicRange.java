package hpjava.lang;

/** HPF CYCLIC distribution: {@code g} is owned by coordinate {@code g mod P} at local subscript {@code g / P}. */
public class CyclicRange extends Range {
    private final int n;
    private final Dimension d;
    private final int p;

    /** @throws IllegalArgumentException if n &lt; 0 or d is null */
    public CyclicRange(int n, Dimension d) {
        if (n < 0) throw new IllegalArgumentException("range extent must not be negative, got " + n);
        if (d == null) throw new IllegalArgumentException("CyclicRange needs a process dimension, got null");
        this.n = n;
        this.d = d;
        this.p = d.size();
        this.site = Site.here();
    }

    @Override public int size() { return n; }
    @Override public Dimension dim() { return d; }
    @Override public int storageExtent() { return (n + p - 1) / p; }
    @Override int ownerOf(int g) { return g % p; }
    @Override int sub(int c, int g) { return g / p; }
    @Override public int localCount(int c) { checkCoord(c); return c < n ? (n - 1 - c) / p + 1 : 0; }

    @Override
    void fill(Block b, int c, int l, int u, int s) {
        int cnt = tripletCount(l, u, s);
        b.reset();
        if (c != -1) checkCoord(c);
        // Locations l + s*t with (l + s*t) mod P == c recur with period T = P / gcd(|s|, P) in t.
        int period = p / gcd(Math.abs(s), p);
        int t0 = -1;
        for (int t = 0; c >= 0 && t < Math.min(cnt, period); t++) if ((l + s * t) % p == c) { t0 = t; break; }
        if (t0 < 0) { b.set(0, 0, s * period, 0, s * period / p); return; }
        int count = (cnt - 1 - t0) / period + 1;
        int g0 = l + s * t0, gs = s * period;
        b.set(count, g0, gs, g0 / p, gs / p);
    }

    static int gcd(int a, int b) { while (b != 0) { int t = a % b; a = b; b = t; } return a; }

    @Override
    boolean sameLayoutAs(Range o) { return o instanceof CyclicRange r && r.n == n && r.d == d; }

    @Override String name() { return "CyclicRange(" + n + " over " + d.name() + ")"; }
}

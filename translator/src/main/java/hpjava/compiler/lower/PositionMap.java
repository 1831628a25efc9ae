package hpjava.compiler.lower;

import java.util.Arrays;

/**
 * Maps character offsets of the generated Java back to the .hpj source. The lowering copies user code verbatim
 * and keeps every line break where it was, so generated line N is .hpj line N; columns differ where HPJava
 * constructs were rewritten. Each entry says: from generated offset {@code gen}, the text is the source at
 * {@code src} (exact: copied, so offsets advance together) or was generated for the construct at {@code src}.
 */
public final class PositionMap {
    private int[] gen = new int[256];
    private int[] src = new int[256];
    private boolean[] exact = new boolean[256];
    private int n;

    void mark(int genOffset, int srcOffset, boolean isExact) {
        if (n > 0 && gen[n - 1] == genOffset) n--;
        if (n == gen.length) {
            gen = Arrays.copyOf(gen, n * 2);
            src = Arrays.copyOf(src, n * 2);
            exact = Arrays.copyOf(exact, n * 2);
        }
        gen[n] = genOffset;
        src[n] = srcOffset;
        exact[n] = isExact;
        n++;
    }

    /** Follows the reordering of generated regions [a,b) [b,c) into [b,c) sep [a,b). */
    void swap(int a, int b, int c, int sepLength) {
        for (int i = 0; i < n; i++) {
            if (gen[i] >= a && gen[i] < b) gen[i] += (c - b) + sepLength;
            else if (gen[i] >= b && gen[i] < c) gen[i] -= (b - a);
        }
        sort();
    }

    void sort() {
        Integer[] idx = new Integer[n];
        for (int i = 0; i < n; i++) idx[i] = i;
        Arrays.sort(idx, (a, b) -> Integer.compare(gen[a], gen[b]));
        int[] g = new int[n], s = new int[n];
        boolean[] e = new boolean[n];
        for (int i = 0; i < n; i++) { g[i] = gen[idx[i]]; s[i] = src[idx[i]]; e[i] = exact[idx[i]]; }
        gen = g; src = s; exact = e;
    }

    /** The source offset of generated offset {@code g}. */
    public int toSource(int g) {
        int lo = 0, hi = n - 1, best = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (gen[mid] <= g) { best = mid; lo = mid + 1; } else hi = mid - 1;
        }
        if (best < 0) return 0;
        return exact[best] ? src[best] + (g - gen[best]) : src[best];
    }
}

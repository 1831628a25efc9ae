package hpjava.adlib;

import hpjava.lang.*;

import java.lang.reflect.Array;
import java.util.Random;

/** Test helpers generic over element types (reflection; tests only; hpjava-io's tests use it through the test jar). */
public final class Elems {
    private Elems() {}

    static final String[] ALL = {"boolean", "byte", "char", "short", "int", "long", "float", "double", "Object"};
    static final String[] NUMERIC = {"byte", "short", "int", "long", "float", "double"};

    static String cls(String type) {
        String n = type.equals("Object") ? "Object" : Character.toUpperCase(type.charAt(0)) + type.substring(1);
        return "hpjava.lang." + n + "Multiarray";
    }

    /** A new array of the element type over the ranges, on {@code g} (null: the APG). */
    public static Multiarray create(String type, Group g, Range... ranges) {
        try {
            return (Multiarray) Class.forName(cls(type)).getConstructor(Group.class, Range[].class).newInstance(g, ranges);
        } catch (ReflectiveOperationException e) {
            throw new RuntimeException(e);
        }
    }

    static Multiarray section(Multiarray a, Triplet... t) {
        try {
            return (Multiarray) a.getClass().getMethod("section", Triplet[].class).invoke(a, (Object) t);
        } catch (ReflectiveOperationException e) {
            throw new RuntimeException(e.getCause() != null ? e.getCause() : e);
        }
    }

    static Object dat(Multiarray a) {
        try {
            return a.getClass().getMethod("dat").invoke(a);
        } catch (ReflectiveOperationException e) {
            throw new RuntimeException(e);
        }
    }

    /** A deterministic element value for key {@code k}. */
    static Object value(String type, long k) {
        long h = k * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
        h ^= h >>> 29;
        return switch (type) {
            case "boolean" -> (h & 1) == 0;
            case "byte" -> (byte) h;
            case "char" -> (char) (h & 0x7fff);
            case "short" -> (short) h;
            case "int" -> (int) (h % 1000);
            case "long" -> h % 100000;
            case "float" -> (float) ((h % 2000) / 7.0);
            case "double" -> (h % 20000) / 13.0;
            default -> "v" + (h % 100000);
        };
    }

    /** A value no test writes, to see what an operation did not touch ({@code SENTINEL} for Object). */
    public static Object sentinel(String type) {
        return switch (type) {
            case "boolean" -> true;
            case "byte" -> (byte) 127;
            case "char" -> (char) 0xffff;
            case "short" -> (short) 32767;
            case "int" -> Integer.MIN_VALUE;
            case "long" -> Long.MIN_VALUE;
            case "float" -> Float.NaN;
            case "double" -> Double.NaN;
            default -> "SENTINEL";
        };
    }

    static void fill(Object dat, Object v) {
        for (int i = 0, n = Array.getLength(dat); i < n; i++) Array.set(dat, i, v);
    }

    static boolean same(Object x, Object y) {
        if (x instanceof Float f && y instanceof Float g) return Float.floatToRawIntBits(f) == Float.floatToRawIntBits(g);
        if (x instanceof Double f && y instanceof Double g) return Double.doubleToRawLongBits(f) == Double.doubleToRawLongBits(g);
        return java.util.Objects.equals(x, y);
    }

    /** Row-major linear index of global subscripts. */
    static long linear(int[] g, int[] shape) {
        long k = 0;
        for (int r = 0; r < g.length; r++) k = k * shape[r] + g[r];
        return k;
    }

    /** Calls {@code f} with every global subscript vector of {@code shape}, row-major. */
    public static void forEach(int[] shape, java.util.function.Consumer<int[]> f) {
        for (int s : shape) if (s == 0) return;
        int[] g = new int[shape.length];
        while (true) {
            f.accept(g);
            int r = shape.length - 1;
            while (r >= 0 && ++g[r] == shape[r]) g[r--] = 0;
            if (r < 0) return;
        }
    }

    /** Sets every element the calling process holds to value(type, seed + linear index). */
    static void init(Multiarray a, String type, long seed) {
        if (!a.isMember()) return;
        Object d = dat(a);
        int[] shape = a.shape();
        forEach(shape, g -> { if (a.holds(g)) Array.set(d, a.offset(g), value(type, seed + linear(g, shape))); });
    }

    /** A random range of extent n over dimension d (every distributed kind) or collapsed when d == null. */
    static Range range(Random rnd, int n, Dimension d, int kind) {
        if (d == null) return new CollapsedRange(n);
        int p = d.size();
        return switch (kind % 5) {
            case 0 -> new BlockRange(n, d);
            case 1 -> new CyclicRange(n, d);
            case 2 -> new BlockCyclicRange(n, d, 1 + rnd.nextInt(3));
            case 3 -> new ExtBlockRange(n, d, rnd.nextInt(3), rnd.nextInt(3));
            default -> {
                int[] sizes = new int[p];
                for (int i = 0; i < n; i++) sizes[rnd.nextInt(p)]++;
                yield new IrregRange(sizes, d);
            }
        };
    }
}

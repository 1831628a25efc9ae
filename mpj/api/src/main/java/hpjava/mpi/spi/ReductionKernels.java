package hpjava.mpi.spi;

import hpjava.mpi.spi.Reduction.PredefinedOp;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import mpi.MPIException;

/**
 * Shared by implementations (and {@code Comm.reduceLocal}): applies a {@link Reduction} to packed arrays (see
 * {@link Packing}): {@code inOut = in op inOut}, element by element, over {@code count} items of {@code type}. The
 * operation has been checked to apply to the type. {@code double}, {@code int} and {@code long} have loops of their
 * own; the other integer types go through {@code long}, {@code float} through {@code double}.
 */
public final class ReductionKernels {

    private ReductionKernels() {
    }

    /** {@code inOut[i] = in[i] op inOut[i]} for the {@code count} items packed in the two arrays. */
    public static void apply(Reduction r, TypeLayout type, Object in, Object inOut, int count) throws MPIException {
        if (r.user() != null) {
            r.user().combineArrays(in, inOut, count);
            return;
        }
        PredefinedOp op = r.predefined();
        if (op == PredefinedOp.MINLOC || op == PredefinedOp.MAXLOC) {
            pairs(op == PredefinedOp.MINLOC, type, in, inOut, count);
            return;
        }
        int n = Math.toIntExact((long) count * type.elementCount());
        switch (inOut) {
            case double[] b -> doubles(op, (double[]) in, b, n);
            case int[] b -> ints(op, (int[]) in, b, n);
            case long[] b -> longs(op, (long[]) in, b, n);
            case boolean[] b -> booleans(op, (boolean[]) in, b, n);
            case float[] b -> { float[] a = (float[]) in; for (int i = 0; i < n; i++) b[i] = (float) real(op, a[i], b[i]); }
            case short[] b -> { short[] a = (short[]) in; for (int i = 0; i < n; i++) b[i] = (short) integer(op, a[i], b[i]); }
            case byte[] b -> { byte[] a = (byte[]) in; for (int i = 0; i < n; i++) b[i] = (byte) integer(op, a[i], b[i]); }
            case char[] b -> { char[] a = (char[]) in; for (int i = 0; i < n; i++) b[i] = (char) integer(op, a[i], b[i]); }
            default -> throw new IllegalArgumentException("no predefined reduction on " + inOut.getClass().getSimpleName());
        }
    }

    private static void doubles(PredefinedOp op, double[] a, double[] b, int n) {
        switch (op) {
            case SUM -> { for (int i = 0; i < n; i++) b[i] = a[i] + b[i]; }
            case MAX -> { for (int i = 0; i < n; i++) b[i] = Math.max(a[i], b[i]); }
            case MIN -> { for (int i = 0; i < n; i++) b[i] = Math.min(a[i], b[i]); }
            default -> { for (int i = 0; i < n; i++) b[i] = real(op, a[i], b[i]); }
        }
    }

    private static void ints(PredefinedOp op, int[] a, int[] b, int n) {
        switch (op) {
            case SUM -> { for (int i = 0; i < n; i++) b[i] = a[i] + b[i]; }
            case MAX -> { for (int i = 0; i < n; i++) b[i] = Math.max(a[i], b[i]); }
            case MIN -> { for (int i = 0; i < n; i++) b[i] = Math.min(a[i], b[i]); }
            default -> { for (int i = 0; i < n; i++) b[i] = (int) integer(op, a[i], b[i]); }
        }
    }

    private static void longs(PredefinedOp op, long[] a, long[] b, int n) {
        switch (op) {
            case SUM -> { for (int i = 0; i < n; i++) b[i] = a[i] + b[i]; }
            default -> { for (int i = 0; i < n; i++) b[i] = integer(op, a[i], b[i]); }
        }
    }

    private static void booleans(PredefinedOp op, boolean[] a, boolean[] b, int n) {
        for (int i = 0; i < n; i++) {
            b[i] = switch (op) {
                case LAND, BAND -> a[i] & b[i];
                case LOR, BOR -> a[i] | b[i];
                case LXOR, BXOR -> a[i] ^ b[i];
                default -> throw new IllegalArgumentException(op + " on booleans");
            };
        }
    }

    private static double real(PredefinedOp op, double a, double b) {
        return switch (op) {
            case SUM -> a + b;
            case PROD -> a * b;
            case MAX -> Math.max(a, b);
            case MIN -> Math.min(a, b);
            default -> throw new IllegalArgumentException(op + " on floating point");
        };
    }

    private static long integer(PredefinedOp op, long a, long b) {
        return switch (op) {
            case SUM -> a + b;
            case PROD -> a * b;
            case MAX -> Math.max(a, b);
            case MIN -> Math.min(a, b);
            case LAND -> (a != 0 && b != 0) ? 1 : 0;
            case LOR -> (a != 0 || b != 0) ? 1 : 0;
            case LXOR -> ((a != 0) ^ (b != 0)) ? 1 : 0;
            case BAND -> a & b;
            case BOR -> a | b;
            case BXOR -> a ^ b;
            default -> throw new IllegalArgumentException(op + " on integers");
        };
    }

    /**
     * MINLOC/MAXLOC on (value, index) pairs: the better value wins; on equal values the smaller index. {@code INT2}
     * packs as {@code int[]}; the mixed pairs pack as bytes, the value first then the int index.
     */
    private static void pairs(boolean min, TypeLayout type, Object in, Object inOut, int count) {
        if (inOut instanceof int[] b) {
            int[] a = (int[]) in;
            for (int i = 0; i < count; i++) {
                int va = a[2 * i], vb = b[2 * i];
                if (better(min, Integer.compare(va, vb), a[2 * i + 1], b[2 * i + 1])) {
                    b[2 * i] = va;
                    b[2 * i + 1] = a[2 * i + 1];
                }
            }
            return;
        }
        ByteBuffer a = ByteBuffer.wrap((byte[]) in).order(ByteOrder.nativeOrder());
        ByteBuffer b = ByteBuffer.wrap((byte[]) inOut).order(ByteOrder.nativeOrder());
        BasicType valueType = type.blockType(0);
        int size = valueType.byteSize(), item = (int) type.packedBytes();
        for (int i = 0; i < count; i++) {
            int at = i * item;
            double va = value(a, at, valueType), vb = value(b, at, valueType);
            int ia = a.getInt(at + size), ib = b.getInt(at + size);
            if (better(min, Double.compare(va, vb), ia, ib)) {
                for (int k = 0; k < item; k++) b.put(at + k, a.get(at + k));
            }
        }
    }

    private static boolean better(boolean min, int cmp, int indexA, int indexB) {
        if (cmp == 0) return indexA < indexB;
        return min ? cmp < 0 : cmp > 0;
    }

    private static double value(ByteBuffer b, int at, BasicType t) {
        return switch (t) {
            case SHORT -> b.getShort(at);
            case INT -> b.getInt(at);
            case LONG -> b.getLong(at);
            case FLOAT -> b.getFloat(at);
            case DOUBLE -> b.getDouble(at);
            default -> throw new IllegalArgumentException("MINLOC/MAXLOC value of type " + t);
        };
    }
}

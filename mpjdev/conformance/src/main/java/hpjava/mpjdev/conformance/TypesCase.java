package hpjava.mpjdev.conformance;

import java.lang.reflect.Array;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.Comm;
import hpjava.mpjdev.DeviceException;
import hpjava.mpjdev.Request;
import hpjava.mpjdev.SectionType;
import hpjava.mpjdev.Status;

/**
 * Every primitive type, contiguous and strided. For each primitive type the sender packs, in one message: the
 * contiguous run {@code [3, 3+30)} of a {@value #N}-element pattern array, then from the same array seen as a 6 x 7
 * row-major matrix: column 2 (stride 7), the 3 x 4 block at (1, 1), and a 5-element run read backwards (stride -1).
 * The receiver reads the run contiguously and scatters the strided sections into zeroed arrays at the same
 * positions, then checks every element it wrote and that every other element is still zero. A type mismatch on
 * reading must raise {@link DeviceException}.
 */
final class TypesCase implements ConformanceCase {
    static final int N = 42;
    private static final int TAG = 70;
    /** {base, counts..., strides...} of the strided sections: column, block, backwards run. */
    private static final int[][][] STRIDED = {
            {{2}, {6}, {7}},
            {{8}, {3, 4}, {7, 1}},
            {{30}, {5}, {-1}},
    };

    @Override
    public void run(Comm world) {
        SectionType[] types = Patterns.primitiveTypes();
        Buffer out = Buffer.allocate(4096);
        for (SectionType t : types) {
            Object a = Patterns.filled(t, N, world.id());
            out.write(a, 3, 30);
            for (int[][] s : STRIDED) out.writeStrided(a, s[0][0], s[1], s[2]);
        }
        Request send = world.isend(out, Ring.right(world), TAG);
        Buffer in = Buffer.allocate(64);
        try {
            int left = Ring.left(world);
            Status st = world.recv(in, left, TAG);
            Expect.equal(types.length * (1 + STRIDED.length), st.sectionCount(), "sections in the message");
            for (SectionType t : types) {
                Expect.equal(t, in.nextType(), "type of the next section");
                Expect.equal(30, in.nextCount(), t + " run length");
                Object run = Array.newInstance(t.arrayClass().getComponentType(), 32);
                Expect.equal(30, in.read(run, 2), t + " elements read");
                for (int i = 0; i < 30; i++) Patterns.expect(run, 2 + i, Patterns.value(t, left, 3 + i), t + " run");
                for (int[][] s : STRIDED) {
                    Object got = Array.newInstance(t.arrayClass().getComponentType(), N);
                    boolean[] touched = new boolean[N];
                    mark(touched, s[0][0], s[1], s[2], 0);
                    if (t == types[0] && s == STRIDED[0]) {
                        Object wrong = t == SectionType.DOUBLE ? new int[N] : new double[N];
                        Expect.throwsA(DeviceException.class, "reading a " + t + " section as another type",
                                () -> in.readStrided(wrong, s[0][0], s[1], s[2]));
                    }
                    in.readStrided(got, s[0][0], s[1], s[2]);
                    for (int i = 0; i < N; i++) {
                        Patterns.expect(got, i, touched[i] ? Patterns.value(t, left, i) : Patterns.zero(t),
                                t + " strided section at base " + s[0][0]);
                    }
                }
            }
            Expect.that(!in.hasNextSection(), "no section left after reading all");
            send.iwait();
        } finally {
            Ring.releaseAll(out, in);
        }
    }

    private static void mark(boolean[] touched, int base, int[] counts, int[] strides, int dim) {
        for (int i = 0; i < counts[dim]; i++) {
            int at = base + i * strides[dim];
            if (dim == counts.length - 1) touched[at] = true;
            else mark(touched, at, counts, strides, dim + 1);
        }
    }
}

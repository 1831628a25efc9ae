package hpjava.io.backends;

import hpjava.io.ArrayIO;
import hpjava.io.ArrayIOException;
import hpjava.io.Plot;
import hpjava.lang.*;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The program {@link BackendsTest} launches on each backend: every element type written from one distribution of a
 * 7 x 5 array and read back into another (values checked on every rank), a heat map, and a bad file that must fail
 * on every rank. Files go to the directory of args[0]; rank 0 prints {@code IO OK} at the end.
 */
public final class IoCheck {
    static final String[] TYPES = {"boolean", "byte", "char", "short", "int", "long", "float", "double"};

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Procs2 p = new Procs2();
        for (String t : TYPES) {
            Multiarray a = create(t, p, new ExtBlockRange(7, p.dim(0), 1), new CyclicRange(5, p.dim(1)));
            fill(a);
            ArrayIO.write(dir.resolve(t + ".npy"), a);
            Multiarray b = create(t, p, new BlockCyclicRange(7, p.dim(1), 2), new CollapsedRange(5));
            ArrayIO.read(dir.resolve(t + ".npy"), b);
            check(b);
        }
        DoubleMultiarray f = new DoubleMultiarray(p, new BlockRange(30, p.dim(0)), new BlockRange(20, p.dim(1)));
        for (int i = 0; i < 30; i++) for (int j = 0; j < 20; j++) if (f.holds(i, j)) f.set(Math.sin(i / 5.0) * Math.cos(j / 4.0), i, j);
        Plot.heatMap(f).title("IoCheck").labels("i", "j").valueLabel("f").write(dir.resolve("f.png").toString());
        if (ProcessContext.current().id() == 0) Files.writeString(dir.resolve("bad.npy"), "not numpy");
        ArrayIO.write(dir.resolve("sync.npy"), f);   // collective: bad.npy exists on every rank after it
        try {
            ArrayIO.read(dir.resolve("bad.npy"), f);
            throw new AssertionError("rank " + ProcessContext.current().id() + " read a bad file");
        } catch (ArrayIOException e) {
            if (!e.getMessage().contains("not a NumPy .npy file")) throw new AssertionError("unexpected message " + e.getMessage());
        }
        if (ProcessContext.current().id() == 0) System.out.println("IO OK");
    }

    static Multiarray create(String type, Group g, Range... ranges) throws ReflectiveOperationException {
        String cls = "hpjava.lang." + Character.toUpperCase(type.charAt(0)) + type.substring(1) + "Multiarray";
        return (Multiarray) Class.forName(cls).getConstructor(Group.class, Range[].class).newInstance(g, ranges);
    }

    static Object value(String type, int k) {
        return switch (type) {
            case "boolean" -> k % 3 == 0;
            case "byte" -> (byte) (k - 100);
            case "char" -> (char) (k + 40);
            case "short" -> (short) (k * 3 - 50);
            case "int" -> k * 7 - 100;
            case "long" -> k * 1000003L - 7;
            case "float" -> (float) (k * 0.25 - 1);
            default -> k * 0.5 - 3 + 1e-3 * (k % 7);
        };
    }

    static void fill(Multiarray a) {
        for (int i = 0; i < 7; i++) for (int j = 0; j < 5; j++)
            if (a.holds(i, j)) java.lang.reflect.Array.set(a.storage(), a.offset(i, j), value(a.elementType(), i * 5 + j));
    }

    static void check(Multiarray a) {
        for (int i = 0; i < 7; i++) for (int j = 0; j < 5; j++)
            if (a.holds(i, j)) {
                Object got = java.lang.reflect.Array.get(a.storage(), a.offset(i, j)), want = value(a.elementType(), i * 5 + j);
                if (!got.equals(want)) throw new AssertionError(a.elementType() + " element " + i + "," + j + ": " + got + ", expected " + want);
            }
    }
}

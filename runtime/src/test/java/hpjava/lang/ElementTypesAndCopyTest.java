package hpjava.lang;

import static org.junit.jupiter.api.Assertions.*;

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every generated element type: creation, storage type, sections, HPutil.copy; plus error messages. */
class ElementTypesAndCopyTest {

    /** Element type name, constructor over (group, ranges), distinct value for k. */
    static Stream<Arguments> types() {
        return Stream.of(
                type("boolean", BooleanMultiarray::new, k -> k % 3 == 0),
                type("byte", ByteMultiarray::new, k -> (byte) k),
                type("char", CharMultiarray::new, k -> (char) ('A' + k)),
                type("short", ShortMultiarray::new, k -> (short) (k * 7)),
                type("int", IntMultiarray::new, k -> k * 1000 + 1),
                type("long", LongMultiarray::new, k -> (long) k << 33),
                type("float", FloatMultiarray::new, k -> k + 0.5f),
                type("double", DoubleMultiarray::new, k -> k + 0.25),
                type("Object", ObjectMultiarray<String>::new, k -> "e" + k));
    }

    static Arguments type(String name, BiFunction<Group, Range[], Multiarray> make, IntFunction<Object> value) {
        return Arguments.of(name, make, value);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    void everyElementTypeStoresInAPlainJavaArrayAndCopies(String name, BiFunction<Group, Range[], Multiarray> make,
                                                          IntFunction<Object> value) {
        int procs = 6;
        for (int id = 0; id < procs; id++) {
            ProcessContext.create(id, procs).run(() -> {
                Procs2 p = new Procs2();                                  // 3 x 2
                Range x = new ExtBlockRange(11, p.dim(0), 1, 2), y = new CyclicRange(5, p.dim(1));
                Multiarray a = make.apply(p, new Range[] {x, new CollapsedRange(3), y});
                assertEquals(name, a.elementType());
                Object dat = datOf(a);
                assertSame(dat, a.storage());
                assertEquals(name.equals("Object") ? Object[].class : Array.newInstance(primitive(name), 0).getClass(), dat.getClass());
                assertEquals(a.storageLength(), Array.getLength(dat));
                assertEquals(x.storageExtent() * 3 * y.storageExtent(), a.storageLength());
                int k = 0;
                for (int[] g : MultiarrayPropertyTest.tuples(a.shape())) {
                    k++;
                    if (a.holds(g)) Array.set(dat, a.offset(g), value.apply(k));
                }
                // an identically distributed array with other ghost widths: HPutil.copy copies every held element
                Multiarray b = make.apply(p, new Range[] {new BlockRange(11, p.dim(0)), new CollapsedRange(3), new CyclicRange(5, p.dim(1))});
                HPutil.copy(b, a);
                k = 0;
                for (int[] g : MultiarrayPropertyTest.tuples(a.shape())) {
                    k++;
                    if (b.holds(g)) assertEquals(value.apply(k), Array.get(datOf(b), b.offset(g)), name + " copy of " + Arrays.toString(g));
                }
                // copy into a section of the same distribution
                Multiarray c = make.apply(p, new Range[] {new BlockRange(11, p.dim(0)), new CollapsedRange(4), new CyclicRange(5, p.dim(1))});
                Multiarray cs = section(c, Triplet.all(), Triplet.of(1, 3), Triplet.all());
                HPutil.copy(cs, a);
                for (int[] g : MultiarrayPropertyTest.tuples(a.shape()))
                    if (a.holds(g)) assertEquals(Array.get(dat, a.offset(g)), Array.get(datOf(c), c.offset(g[0], g[1] + 1, g[2])));
                // mismatches are clear errors
                Multiarray other = make.apply(p, new Range[] {new CyclicRange(11, p.dim(0)), new CollapsedRange(3), y});
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HPutil.copy(other, a));
                assertTrue(e.getMessage().contains("not identically distributed"), e.getMessage());
                Multiarray wrongType = name.equals("int") ? new LongMultiarray(p, x, new CollapsedRange(3), y) : new IntMultiarray(p, x, new CollapsedRange(3), y);
                e = assertThrows(IllegalArgumentException.class, () -> HPutil.copy(wrongType, a));
                assertTrue(e.getMessage().contains("cannot copy"), e.getMessage());
            });
        }
    }

    static Class<?> primitive(String name) {
        return switch (name) {
            case "boolean" -> boolean.class; case "byte" -> byte.class; case "char" -> char.class;
            case "short" -> short.class; case "int" -> int.class; case "long" -> long.class;
            case "float" -> float.class; default -> double.class;
        };
    }

    static Object datOf(Multiarray a) {
        try { return a.getClass().getMethod("dat").invoke(a); } catch (ReflectiveOperationException e) { throw new AssertionError(e); }
    }

    static Multiarray section(Multiarray a, Triplet... t) {
        try { return (Multiarray) a.getClass().getMethod("section", Triplet[].class).invoke(a, (Object) t); }
        catch (ReflectiveOperationException e) { throw new AssertionError(e); }
    }

    @Test
    void rankZeroSectionsHoldOneElementOnTheProcessesHoldingIt() {
        for (int id = 0; id < 4; id++) {
            final int rid = id;
            ProcessContext.create(id, 4).run(() -> {
                Procs2 p = new Procs2(2, 2);
                DoubleMultiarray a = new DoubleMultiarray(p, new BlockRange(8, p.dim(0)), new CollapsedRange(3));
                if (a.holds(5, 2)) a.set(42.0, 5, 2);
                DoubleMultiarray s = a.section(Triplet.scalar(5), Triplet.scalar(2));
                assertEquals(0, s.rank());
                assertArrayEquals(new int[] {p.rankAt(1, 0), p.rankAt(1, 1)}, s.grp().members());
                assertEquals(rid >= 2, s.holds());
                if (rid >= 2) assertEquals(42.0, s.get());
                else assertThrows(IndexOutOfBoundsException.class, s::get);
                ObjectMultiarray<String> o = new ObjectMultiarray<>(p, new CyclicRange(5, p.dim(1)));
                if (o.holds(3)) o.set("three", 3);
                ObjectMultiarray<String> o3 = o.section(Triplet.scalar(3));
                if (o3.holds()) { String v = o3.get(); assertEquals("three", v); }
                assertEquals(p.dim(1).crd() == 1, o3.holds());
            });
        }
    }

    @Test
    void creationChoosesTheGridOfItsRangesAndRejectsBadLayouts() {
        ProcessContext.create(1, 8).run(() -> {
            Procs2 p = new Procs2(2, 2);
            Range x = new BlockRange(10, p.dim(0)), y = new BlockRange(10, p.dim(1));
            IntMultiarray onApg = new IntMultiarray(new CollapsedRange(4));
            assertSame(ProcessContext.current().world(), onApg.grp(), "no distributed dimension: the APG");
            IntMultiarray onGrid = new IntMultiarray(x, y);
            assertSame(p, onGrid.grp(), "ranges over a grid inside the APG: that grid");
            assertTrue(onGrid.isMember());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new IntMultiarray(p, x, new BlockRange(3, p.dim(0))));
            assertTrue(e.getMessage().contains("grid dimension 0"), e.getMessage());
            Procs1 q = new Procs1(3);
            e = assertThrows(IllegalArgumentException.class, () -> new IntMultiarray(q, x));
            assertTrue(e.getMessage().contains("not over the array's group"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> new IntMultiarray(p.restrict(p.dim(0), 0), x));
            assertTrue(e.getMessage().contains("restricts"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> new IntMultiarray(x, new BlockRange(3, q.dim(0))));
            assertTrue(e.getMessage().contains("two different grids"), e.getMessage());
            IntMultiarray a = new IntMultiarray(p, x, y);
            e = assertThrows(IllegalArgumentException.class, () -> a.get(1));
            assertTrue(e.getMessage().contains("rank-2 array subscripted with 1"), e.getMessage());
            IndexOutOfBoundsException oob = assertThrows(IndexOutOfBoundsException.class, () -> a.get(9, 0));
            assertTrue(oob.getMessage().contains("held by coordinate 1"), oob.getMessage());
            assertThrows(IndexOutOfBoundsException.class, () -> a.section(Triplet.of(0, 10), Triplet.all()));
            assertThrows(IllegalArgumentException.class, () -> a.section(Triplet.all()));
            assertThrows(IllegalArgumentException.class, () -> Triplet.of(0, 3, 0));
            // a process outside the grid holds no storage
            ProcessContext.create(6, 8).run(() -> {
                IntMultiarray outside = new IntMultiarray(p, x, y);
                assertFalse(outside.isMember());
                assertEquals(0, outside.dat().length);
                assertFalse(outside.holds(0, 0));
            });
        });
    }

    @Test
    void everyElementTypeHasAGeneratedMultiarrayClass() throws Exception {
        for (String n : List.of("Boolean", "Byte", "Char", "Short", "Int", "Long", "Float", "Double", "Object")) {
            Class<?> c = Class.forName("hpjava.lang." + n + "Multiarray");
            assertEquals(Multiarray.class, c.getSuperclass(), n);
        }
    }
}

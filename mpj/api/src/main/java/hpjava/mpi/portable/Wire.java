package hpjava.mpi.portable;

import hpjava.mpi.spi.BasicType;
import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.SectionType;

/** Writing and reading the packed payload section of a message (see {@link hpjava.mpi.spi.Packing}). */
final class Wire {

    private Wire() {
    }

    /** Appends {@code packed[off .. off+len)} as one section. */
    static void write(Buffer b, Object packed, int off, int len) {
        if (packed instanceof Object[] objects) b.writeObjects(objects, off, len);
        else b.write(packed, off, len);
    }

    /** Reads the next section into a new array of its own type. */
    static Object read(Buffer b) {
        SectionType t = b.nextType();
        int n = b.nextCount();
        if (t == SectionType.OBJECT) {
            Object[] o = new Object[n];
            b.readObjects(o, 0);
            return o;
        }
        Object a = java.lang.reflect.Array.newInstance(t.arrayClass().getComponentType(), n);
        b.read(a, 0);
        return a;
    }

    /** Reads the next section into {@code into} from {@code off}; returns its element count. */
    static int readInto(Buffer b, Object into, int off) {
        if (into instanceof Object[] objects) return b.readObjects(objects, off);
        return b.read(into, off);
    }

    /** The wire code of the packed form of a basic type (mixed structs travel as bytes). */
    static int code(BasicType basic, boolean mixed) {
        if (mixed || basic == BasicType.PACKED) return BasicType.BYTE.ordinal();
        return basic.ordinal();
    }

    /** The element type of a layout for messages: its basic type, or "bytes" for a struct of several. */
    static String name(hpjava.mpi.spi.TypeLayout t) {
        return t.isMixed() ? "struct bytes" : t.basic().name();
    }

    /** Bytes of {@code elements} packed elements of wire code {@code code} (objects count one each). */
    static long bytes(int code, long elements) {
        return elements * BasicType.values()[code].byteSize();
    }
}

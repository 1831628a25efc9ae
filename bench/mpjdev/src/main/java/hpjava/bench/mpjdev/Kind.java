package hpjava.bench.mpjdev;

import java.io.Serializable;

import hpjava.mpjdev.Buffer;

/**
 * What a benchmark message carries. Every message is packed from a Java array into a {@link Buffer} by the sender and
 * unpacked into a Java array by the receiver inside the timed loop: the figures are array-to-array, what a library
 * on mpjdev (Adlib) pays.
 */
enum Kind {
    /** A {@code byte[]} section of {@code size} elements. */
    BYTE(1),
    /** A {@code double[]} section of {@code size / 8} elements. */
    DOUBLE(8),
    /** One serialized object: an array of {@code size / 32} {@link Particle} records (32 bytes of fields each). */
    OBJECT(32);

    /** Payload bytes per element; sizes below this are skipped for the kind. */
    final int elementBytes;

    Kind(int elementBytes) {
        this.elementBytes = elementBytes;
    }

    /** Elements of a message of nominal {@code size} bytes. */
    int elements(long size) {
        return (int) (size / elementBytes);
    }

    /** Whether a nominal size can be measured for this kind (0, or at least one element). */
    boolean fits(long size) {
        return size == 0 || size >= elementBytes;
    }

    /** A payload of {@code elements} elements. */
    Payload payload(int elements) {
        return switch (this) {
            case BYTE -> new ArrayPayload(new byte[elements], new byte[elements]);
            case DOUBLE -> new ArrayPayload(new double[elements], new double[elements]);
            case OBJECT -> new ObjectPayload(elements);
        };
    }

    /** An element of an object message. */
    record Particle(long id, double x, double y, double z) implements Serializable {}

    /** The data of one message: packs the outgoing array, unpacks into the incoming one. */
    interface Payload {
        void pack(Buffer b);

        void unpack(Buffer b);

        /** A new shared array one message of this payload is copied through (the raw-threads baseline). */
        Object newWire();

        /** Copies the outgoing data into a wire array (the baseline's send). */
        void copyOut(Object wire);

        /** Copies a wire array into the incoming data (the baseline's receive). */
        void copyIn(Object wire);

        /** Clears the incoming side, so that {@link #verify} sees only what arrives next. */
        void reset();

        /** Checks that the last unpacked message is the one {@link #pack} sends (outside the timed loops). */
        void verify();
    }

    /** A primitive array section; allocation-free per message. */
    static final class ArrayPayload implements Payload {
        private final Object out, in;
        private final int n;

        ArrayPayload(Object out, Object in) {
            this.out = out;
            this.in = in;
            this.n = java.lang.reflect.Array.getLength(out);
            for (int i = 0; i < n; i++) {
                if (out instanceof byte[] bs) bs[i] = (byte) (i * 13 + 1);
                else ((double[]) out)[i] = i * 0.25 + 1;
            }
        }

        @Override
        public void pack(Buffer b) {
            b.clear().write(out, 0, n);
        }

        @Override
        public void unpack(Buffer b) {
            b.read(in, 0);
        }

        @Override
        public Object newWire() {
            return java.lang.reflect.Array.newInstance(out.getClass().getComponentType(), n);
        }

        @Override
        public void copyOut(Object wire) {
            System.arraycopy(out, 0, wire, 0, n);
        }

        @Override
        public void copyIn(Object wire) {
            System.arraycopy(wire, 0, in, 0, n);
        }

        @Override
        public void reset() {
            if (in instanceof byte[] bs) java.util.Arrays.fill(bs, (byte) 0);
            else java.util.Arrays.fill((double[]) in, 0);
        }

        @Override
        public void verify() {
            boolean same = out instanceof byte[] bo ? java.util.Arrays.equals(bo, (byte[]) in)
                    : java.util.Arrays.equals((double[]) out, (double[]) in);
            if (!same) throw new IllegalStateException("benchmark message arrived corrupted (" + n + " elements)");
        }
    }

    static final String RAW_OBJECTS = "the raw-threads baseline carries primitive arrays only";

    /** A serialized array of records; allocates on every unpack (deserialization). */
    static final class ObjectPayload implements Payload {
        private final Particle[] out;
        private Particle[] in;

        ObjectPayload(int n) {
            out = new Particle[n];
            for (int i = 0; i < n; i++) out[i] = new Particle(i, i * 0.5, -i, 1.0 / (i + 1));
        }

        @Override
        public void pack(Buffer b) {
            b.clear().writeObject(out);
        }

        @Override
        public void unpack(Buffer b) {
            in = (Particle[]) b.readObject();
        }

        @Override
        public Object newWire() {
            throw new UnsupportedOperationException(RAW_OBJECTS);
        }

        @Override
        public void copyOut(Object wire) {
            throw new UnsupportedOperationException(RAW_OBJECTS);
        }

        @Override
        public void copyIn(Object wire) {
            throw new UnsupportedOperationException(RAW_OBJECTS);
        }

        @Override
        public void reset() {
            in = null;
        }

        @Override
        public void verify() {
            if (!java.util.Arrays.equals(out, in)) throw new IllegalStateException("benchmark object message arrived corrupted");
        }
    }
}

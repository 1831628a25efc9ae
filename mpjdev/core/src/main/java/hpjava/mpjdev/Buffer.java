package hpjava.mpjdev;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;
import java.nio.ByteOrder;

/**
 * A message buffer: typed sections in native memory, laid out in the wire format documented in the package
 * {@linkplain hpjava.mpjdev overview}, so a backend sends {@code [0, length())} of {@link #segment()} without a copy.
 *
 * <h2>Writing</h2>
 * {@link #clear()} starts a message; each {@code write*} call appends one section. Primitive data is gathered from
 * Java arrays with one copy: {@link #write(Object, int, int)} takes a contiguous run, {@link #writeStrided} a
 * multi-dimensional strided section (a halo row or column, a remap slice). Objects are serialized
 * ({@link #writeObjects}). The buffer grows when needed (an allocation; a pooled buffer keeps its larger size).
 *
 * <h2>Reading</h2>
 * After a receive, or after {@link #rewind()}, sections are read back in the order written: {@link #nextType()},
 * {@link #nextCount()}, then one {@code read*} call per section, into a contiguous run ({@link #read(Object, int)})
 * or scattered into a strided section ({@link #readStrided}) with one copy. Reading with an array of the wrong type
 * or shape throws {@link DeviceException} naming the section. Objects are deserialized through the mpjdev object
 * filter: only the program's own classes (its class loader, per rank in mt) and JDK value types are admitted;
 * anything else throws {@link ObjectRejectedException} naming the class.
 *
 * <h2>Contract</h2>
 * Not thread-safe: one thread uses a buffer at a time, and the device owns it while an operation on it is pending
 * (see the package overview). Writing and reading primitive sections allocate nothing once capacity suffices.
 * Release a buffer with {@link #release()} (returns it to its {@link BufferPool}, or frees an unpooled buffer's
 * memory); a released buffer must not be used.
 *
 * <h2>Device interface</h2>
 * Backends use {@link #segment()} (or {@link #byteBuffer()}), {@link #length()}, {@link #lendToDevice()}, {@link #returnFromDevice()},
 * {@link #prepareReceive(long)}, {@link #completeReceive(int, int)}, {@link #completeSend(int, int)} and
 * {@link #deviceState()}; user code does not need them.
 *
 * <p>Two concerns live in their own package-private classes: copying between arrays and sections
 * ({@link SectionCopier}) and validating received bytes ({@link WireFormat}).
 */
public final class Buffer implements AutoCloseable {

    /** Bytes of the message header. */
    public static final int HEADER_BYTES = WireFormat.HEADER_BYTES;
    /** Bytes of each section header. */
    public static final int SECTION_HEADER_BYTES = WireFormat.SECTION_HEADER_BYTES;
    /** Magic number at offset 0 ("MPJB" little-endian). */
    public static final int MAGIC = WireFormat.MAGIC;
    /** Bytes of the optional check words right after the message header (see {@link #clearWithCheckWords}). */
    public static final int CHECK_WORDS_BYTES = WireFormat.CHECK_WORDS_BYTES;

    final BufferPool pool;
    Buffer nextFree; // intrusive free-list link, guarded by the pool
    boolean inPool;

    Arena arena;
    MemorySegment segment;
    long writePos;
    int sections;
    boolean checkWords; // the message carries the two check words after its header
    long readPos;
    int readSection;
    final Status status = new Status();
    boolean lent;
    private Object deviceState;
    private SegmentStreams streams;
    private java.nio.ByteBuffer byteView;
    final SectionCopier copier = new SectionCopier();

    Buffer(BufferPool pool, long capacity) {
        this.pool = pool;
        allocateMemory(Math.max(capacity, HEADER_BYTES + SECTION_HEADER_BYTES));
        clear();
    }

    /** An unpooled buffer of at least {@code capacity} bytes (it grows when needed); free it with {@link #release()}. */
    public static Buffer allocate(long capacity) {
        if (capacity < 0) throw new IllegalArgumentException("negative capacity " + capacity);
        return new Buffer(null, capacity);
    }

    private void allocateMemory(long capacity) {
        arena = Arena.ofShared();
        segment = arena.allocate(capacity, 8);
        byteView = null;
    }

    // ------------------------------------------------------------------ writing

    /** Starts a new, empty message (header only). Returns this buffer. */
    public Buffer clear() {
        return start(false, 0L, 0L);
    }

    /**
     * Starts a new message that carries two check words, {@code first} and {@code second}, right after its header
     * (flagged in the header; no section), for a layer above to detect mismatched messages: Adlib puts a call's
     * signature and sequence number there. Sections follow as after {@link #clear()}. The receiver compares them in
     * place with {@link #checkWordsMatch}. Two stores beside the header: cheaper than a section of two longs (type
     * dispatch, section header, one more section to walk). Same as {@code start(true, first, second)}.
     */
    public Buffer clearWithCheckWords(long first, long second) {
        return start(true, first, second);
    }

    /**
     * Starts a new message, with the check words {@code first} and {@code second} if {@code withCheckWords} (as
     * {@link #clearWithCheckWords}), else without (as {@link #clear()}; the words are ignored). One method for both,
     * so that a caller which sends checked or unchecked messages by a flag (Adlib's transfers) runs the same compiled
     * code either way: with a method per kind, each hot in one mode only, the JIT compiled and inlined the two
     * differently from one JVM to the next, and the checked transfer cost up to 60 % more in some JVMs
     * (docs/benchmarks/HISTORY.md, "check words in the header"). Returns this buffer.
     */
    public Buffer start(boolean withCheckWords, long first, long second) {
        BufferWriter.start(this, withCheckWords, first, second);
        return this;
    }

    /**
     * Appends a section holding {@code array[offset .. offset+count)}.
     *
     * @param array an array of a primitive type
     * @throws IllegalArgumentException if {@code array} is not a primitive array or the range is outside it
     */
    public Buffer write(Object array, int offset, int count) {
        BufferWriter.write(this, array, offset, count);
        return this;
    }

    /** Appends a section holding the whole array. */
    public Buffer write(Object array) {
        return write(array, 0, Array.getLength(array));
    }

    /**
     * Appends a section gathered from a multi-dimensional strided section of {@code array}: element
     * {@code (i_0, ..., i_{r-1})}, {@code 0 <= i_d < counts[d]}, is {@code array[base + sum_d i_d * strides[d]]};
     * elements are packed with the last dimension varying fastest. One copy; no allocation.
     *
     * @throws IllegalArgumentException if the lengths of {@code counts} and {@code strides} differ, a count is
     *         negative, or some element lies outside the array
     */
    public Buffer writeStrided(Object array, int base, int[] counts, int[] strides) {
        BufferWriter.writeStrided(this, array, base, counts, strides);
        return this;
    }

    /** Appends an object section holding {@code objects[offset .. offset+count)}, serialized. Allocates. */
    public Buffer writeObjects(Object[] objects, int offset, int count) {
        BufferWriter.writeObjects(this, objects, offset, count);
        return this;
    }

    /** Appends an object section holding one object. Allocates. */
    public Buffer writeObject(Object object) {
        return writeObjects(new Object[] {object}, 0, 1);
    }

    /** Where the first section starts: after the header, and after the check words if the message has them. */
    long firstSection() {
        return checkWords ? HEADER_BYTES + CHECK_WORDS_BYTES : HEADER_BYTES;
    }

    // ------------------------------------------------------------------ reading

    /** Positions reading at the first section (for reading back a message written locally). Returns this buffer. */
    public Buffer rewind() {
        BufferReader.rewind(this);
        return this;
    }

    /** Whether a section remains to be read. */
    public boolean hasNextSection() {
        return readSection < sections;
    }

    /** Type of the next section to read. @throws DeviceException if none remains */
    public SectionType nextType() {
        return BufferReader.nextType(this);
    }

    /** Element count of the next section to read. @throws DeviceException if none remains */
    public int nextCount() {
        BufferReader.requireSection(this);
        return segment.get(WireFormat.INT, readPos + 4);
    }

    /**
     * Reads the next section into {@code array[offset ..]}; returns its element count.
     *
     * @throws DeviceException if no section remains, it is of another type, or it does not fit
     */
    public int read(Object array, int offset) {
        return BufferReader.read(this, array, offset);
    }

    /**
     * Scatters the next section into a strided section of {@code array} (see {@link #writeStrided}); the section's
     * element count must equal the product of {@code counts}. Returns that count. One copy; no allocation.
     */
    public int readStrided(Object array, int base, int[] counts, int[] strides) {
        return BufferReader.readStrided(this, array, base, counts, strides);
    }

    /**
     * Reads the next section, an object section, into {@code dst[offset ..]}; returns its object count. Classes are
     * checked by the mpjdev object filter. Allocates.
     *
     * @throws ObjectRejectedException if the stream names a class the filter does not admit
     */
    public int readObjects(Object[] dst, int offset) {
        return BufferReader.readObjects(this, dst, offset);
    }

    /** Reads the next section, an object section holding exactly one object, and returns the object. */
    public Object readObject() {
        return BufferReader.readObject(this);
    }

    /** Whether the message (written, or received) carries check words ({@link #clearWithCheckWords}). */
    public boolean hasCheckWords() {
        return checkWords;
    }

    /**
     * Whether the message carries check words and they are {@code first} and {@code second}: a flag test, two loads
     * and two compares, in place (no section is consumed). Does not depend on the read position.
     */
    public boolean checkWordsEqual(long first, long second) {
        return checkWordsMatch(true, first, second);
    }

    /**
     * Whether the message is as a receiver expects: with check words {@code first} and {@code second} if
     * {@code withCheckWords}, else without check words (the words are then ignored). The receiving counterpart of
     * {@link #start}: one method for both kinds, for the same reason.
     */
    public boolean checkWordsMatch(boolean withCheckWords, long first, long second) {
        return BufferReader.checkWordsMatch(this, withCheckWords, first, second);
    }

    /**
     * Check word {@code i} (0 or 1) of the message, for reports after {@link #checkWordsEqual} failed.
     *
     * @throws DeviceException if the message carries no check words
     */
    public long checkWord(int i) {
        return BufferReader.checkWord(this, i);
    }

    // ------------------------------------------------------------------ status, size, lifetime

    /** Status of the last completed operation on this buffer (see {@link Status}). */
    public Status status() {
        return status;
    }

    /** Length of the message in bytes, headers included: the bytes to send, {@code [0, length())} of the segment. */
    public long length() {
        return writePos;
    }

    /** Number of sections in the message. */
    public int sectionCount() {
        return sections;
    }

    /** Current capacity in bytes. */
    public long capacity() {
        return segment.byteSize();
    }

    /** Ensures a capacity of at least {@code bytes}, preserving the message; may allocate. */
    public void ensureCapacity(long bytes) {
        if (bytes <= segment.byteSize()) return;
        long cap = Math.max(bytes, Math.min(segment.byteSize() * 2, bytes + (1L << 30)));
        if (pool != null) cap = BufferPool.classCapacity(cap);
        Arena oldArena = arena;
        MemorySegment old = segment;
        allocateMemory(cap);
        MemorySegment.copy(old, 0, segment, 0, Math.min(writePos, old.byteSize()));
        oldArena.close();
    }

    /** Growth while an object section is being serialized (the message so far is the bytes up to {@code need}). */
    void ensureCapacityForStream(long need) {
        if (need <= segment.byteSize()) return;
        long saved = writePos;
        writePos = streams.writePos; // preserve everything written so far
        ensureCapacity(WireFormat.align8(need) + 64);
        writePos = saved;
    }

    /** Returns this buffer to its pool, or frees an unpooled buffer. The buffer must not be used afterwards. */
    public void release() {
        if (lent) throw new IllegalStateException("buffer is still in use by a pending device operation; wait for it first");
        copier.forget();
        if (pool != null) {
            pool.giveBack(this);
        } else {
            freeMemory();
        }
    }

    void freeMemory() {
        if (arena != null) {
            arena.close();
            arena = null;
        }
    }

    /** Same as {@link #release()}. */
    @Override
    public void close() {
        release();
    }

    void checkOwned() {
        if (lent) throw new IllegalStateException("buffer is in use by a pending device operation; wait for it before touching it");
        if (inPool || arena == null) throw new IllegalStateException("buffer has been released");
    }

    SegmentStreams streams() {
        if (streams == null) streams = new SegmentStreams(this);
        return streams;
    }

    // ------------------------------------------------------------------ device interface

    /** The native memory of this buffer (8-byte aligned); the message is {@code [0, length())}. For backends. */
    public MemorySegment segment() {
        return segment;
    }

    /**
     * A direct {@link java.nio.ByteBuffer} view of the whole segment (little-endian; position and limit are the
     * caller's to set), for backends whose native API takes byte buffers (e.g. Open MPI's Java bindings). Cached: the
     * same object is returned until the buffer grows, so using it allocates nothing. Capacity up to 2 GiB - 1.
     */
    public java.nio.ByteBuffer byteBuffer() {
        java.nio.ByteBuffer v = byteView;
        if (v == null) {
            if (segment.byteSize() > Integer.MAX_VALUE)
                throw new UnsupportedOperationException("a ByteBuffer view needs a capacity below 2 GiB; this buffer has " + segment.byteSize());
            byteView = v = segment.asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        }
        return v;
    }

    /**
     * Marks the buffer as owned by a starting operation. For backends, on the caller's thread at the start of every
     * send or receive.
     *
     * @throws IllegalArgumentException if the buffer is already in a pending operation or released
     */
    public void lendToDevice() {
        BufferLending.lendToDevice(this);
    }

    /** Returns ownership to the caller; for backends, on the caller's thread when completion is observed. */
    public void returnFromDevice() {
        lent = false;
    }

    /** Whether a device operation currently owns this buffer. */
    public boolean isLent() {
        return lent;
    }

    /**
     * Makes room for an incoming message of {@code length} bytes (may allocate), so the backend can write it into
     * {@link #segment()}. For backends.
     */
    public void prepareReceive(long length) {
        BufferLending.prepareReceive(this, length);
    }

    /**
     * Validates the message just written into {@link #segment()}, positions reading at its first section and fills
     * in {@link #status()}. For backends (mt calls it on the receiving thread when that observes completion).
     *
     * @throws DeviceException if the bytes are not a well-formed message
     */
    public void completeReceive(int source, int tag) {
        BufferLending.completeReceive(this, source, tag);
    }

    /**
     * Like {@link #completeReceive(int, int)} for an image the backend wrote into {@link #segment()} itself from a
     * compact form of the message, so that it is well formed by construction: {@code length} bytes,
     * {@code sectionCount} sections holding {@code elementCount} elements in all, and no check words (a compact form
     * does not carry them). Skips the validation. For backends.
     */
    public void completeReceiveWellFormed(int source, int tag, long length, int sectionCount, long elementCount) {
        BufferLending.completeReceiveWellFormed(this, source, tag, length, sectionCount, elementCount);
    }

    /** Fills in {@link #status()} for a completed send. For backends. */
    public void completeSend(int self, int tag) {
        BufferLending.completeSend(this, self, tag);
    }

    /** A slot where a backend keeps its per-buffer state (e.g. a reusable request object). For backends. */
    public Object deviceState() {
        return deviceState;
    }

    /** Sets the backend's per-buffer state. For backends. */
    public void deviceState(Object state) {
        this.deviceState = state;
    }

    void resetForPool() {
        lent = false;
        clear();
    }

    @Override
    public String toString() {
        return "Buffer[" + sections + " sections, " + writePos + " bytes, capacity " + (segment == null ? 0 : segment.byteSize()) + "]";
    }
}

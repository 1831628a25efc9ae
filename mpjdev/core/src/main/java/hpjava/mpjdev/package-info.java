/**
 * mpjdev: the HPJava device layer (docs/LANGUAGE.md#mpjdev) - point-to-point messaging between the ranks of a job, under Adlib.
 *
 * <h2>Types</h2>
 * <ul>
 * <li>{@link hpjava.mpjdev.Comm}: a communicator - a group of ranks plus a private matching context. Blocking
 *     {@code send}/{@code recv}, non-blocking {@code isend}/{@code irecv}, sub-communicators from an id list
 *     ({@link hpjava.mpjdev.Comm#create(int[])}, local and cheap), optional device-native collectives
 *     ({@link hpjava.mpjdev.Comm#collectives()}). {@link hpjava.mpjdev.Comm#world()} finds the calling rank's world.</li>
 * <li>{@link hpjava.mpjdev.Request}: a pending non-blocking operation; {@code iwait}, {@code itest} and the static
 *     {@code iwaitany}.</li>
 * <li>{@link hpjava.mpjdev.Status}: source, tag, index, byte and element counts of a completed operation.</li>
 * <li>{@link hpjava.mpjdev.Buffer}: a message - typed sections of primitive data (gathered from and scattered to
 *     strided sections of Java arrays with one copy) and of serialized objects, in native memory laid out as the
 *     wire format; {@link hpjava.mpjdev.BufferPool} recycles buffers so that the steady state allocates nothing.</li>
 * <li>{@link hpjava.mpjdev.RankContext}: the calling rank (rank id, world communicator, program class loader,
 *     per-rank library state).</li>
 * <li>{@link hpjava.mpjdev.Launcher}: starts a job of N ranks on a backend found by name
 *     ({@link hpjava.mpjdev.spi.Backend}, {@code ServiceLoader}); {@code mt} (ranks as threads) is built in.</li>
 * </ul>
 *
 * <h2>General contract (applies to every method unless its own documentation says otherwise)</h2>
 * <ul>
 * <li><b>Ranks and threads.</b> A rank is a process (mpi, ucx) or a thread and the threads it starts (mt). Any thread
 *     of a rank may call the device; {@link hpjava.mpjdev.Comm} methods are thread-safe. Messages are ordered by the
 *     order in which the calls that send them take effect; two threads of one rank that send concurrently to the same
 *     peer with the same tag therefore have no defined relative order.</li>
 * <li><b>Buffers.</b> A {@link hpjava.mpjdev.Buffer} is not thread-safe and takes part in at most one operation at a
 *     time. It is lent to the device from the call that starts an operation until that operation completes (the
 *     blocking call returns, or {@code iwait}/{@code iwaitany} returns its status, or {@code itest} returns non-null);
 *     in between the caller must not read, write, release or start another operation with it.</li>
 * <li><b>Matching.</b> A receive matches the first message, in the order sent, whose communicator context equals the
 *     receive's, whose source equals the requested source (or any, with {@link hpjava.mpjdev.Comm#ANY_SOURCE}) and
 *     whose tag equals the requested tag (or any non-negative tag, with {@link hpjava.mpjdev.Comm#ANY_TAG}).
 *     Messages between one pair of ranks on one communicator never overtake each other: if a sender sends m1 then m2
 *     and both match a receive, m1 is received first. Posted receives are matched in the order they were posted.</li>
 * <li><b>Failure.</b> Device calls never hang on a dead peer: a call that waits for a rank that has finished or failed
 *     throws {@link hpjava.mpjdev.PeerFailedException}; when the job is ending because a rank failed or a deadlock
 *     was diagnosed, every blocked call throws {@link hpjava.mpjdev.JobAbortedException}. Deadlocks and hangs (no
 *     communication progress for the job's timeout while a rank waits) are reported by the launcher with each
 *     rank's pending operation and {@code .hpj} line (package {@code hpjava.mpjdev.watch}). All device exceptions are
 *     unchecked subclasses of {@link hpjava.mpjdev.DeviceException}.</li>
 * <li><b>Allocation.</b> Blocking and non-blocking send/receive of pooled buffers, {@code iwait}, {@code itest},
 *     {@code iwaitany}, packing and unpacking primitive sections allocate nothing in the steady state (the mt backend
 *     meets this; native backends document their exceptions). Object sections allocate (serialization).</li>
 * </ul>
 *
 * <h2>Wire format of a {@link hpjava.mpjdev.Buffer}</h2>
 * A message is one contiguous block of native memory, {@link hpjava.mpjdev.Buffer#length()} bytes long, starting at
 * offset 0 of {@link hpjava.mpjdev.Buffer#segment()}; a backend sends exactly those bytes (no further copy is needed:
 * the segment is native, 8-byte aligned and can be passed to MPI or UCX as is). All integers are little-endian.
 * <pre>
 *   message header, 16 bytes:  int magic 0x424A504D ("MPJB")  int countAndFlags  long length (whole message, bytes)
 *     countAndFlags: bits 0-29 sectionCount; bit 30 CHECK_WORDS (check words follow); bit 31 must be 0
 *   if CHECK_WORDS: 16 bytes of check words, long first  long second (Buffer#start, Buffer#clearWithCheckWords)
 *   then sectionCount sections, each starting at an 8-byte aligned offset:
 *     section header, 16 bytes: int typeCode ({@link hpjava.mpjdev.SectionType#code()})  int elementCount
 *                               long dataBytes
 *     dataBytes bytes of data, then zero padding to the next multiple of 8
 *   primitive data: elementCount elements, little-endian, in the order packed (boolean: one byte, 0 or 1)
 *   object data: a Java serialization stream holding elementCount objects
 * </pre>
 * A receiver validates the header ({@link hpjava.mpjdev.Buffer#completeReceive(int, int)}) before reading: an unknown
 * flag bit, or a flagged message shorter than its header and check words, is malformed. The check words are for a
 * layer above to detect mismatched messages (Adlib's call signature and sequence number): the sender writes them
 * with two stores, the receiver compares them in place ({@link hpjava.mpjdev.Buffer#checkWordsMatch}) without
 * consuming a section. Compact forms of tiny messages (ucx) never carry them; a flagged message takes the general
 * path of every backend.
 */
package hpjava.mpjdev;

/**
 * The implementation interface of the {@code mpi} package: what an MPI implementation (the portable one over mpjdev,
 * a native one over an MPI C library) provides, and what it may rely on.
 *
 * <h2>Selection</h2>
 * {@link hpjava.mpi.spi.MpiProvider}s are found with {@link java.util.ServiceLoader} when a rank first uses the API.
 * Of the providers whose {@link hpjava.mpi.spi.MpiProvider#supports supports} accepts the rank's mpjdev world
 * communicator, the one with the highest {@link hpjava.mpi.spi.MpiProvider#priority priority} is opened, once per
 * rank, giving that rank's {@link hpjava.mpi.spi.MpiEngine}. The portable provider supports every backend at
 * priority 0; a native provider for the {@code mpi} backend uses a higher one.
 *
 * <h2>Who validates what</h2>
 * The {@code mpi} package checks every argument <b>once, before any implementation call</b>, and throws
 * {@code mpi.MPIException} with the MPI error class itself. An implementation may therefore assume, and must not
 * check again on its fast path:
 * <ul>
 * <li>communicators: not freed; {@code CommChannel} objects are the implementation's own;</li>
 * <li>ranks: {@code 0 <= rank < size()} of the communicator (roots, destinations), or for receives and probes also
 *     {@link hpjava.mpi.spi.CommChannel#ANY_SOURCE}. {@code MPI.PROC_NULL} never reaches an implementation: the API
 *     completes such operations itself;</li>
 * <li>tags: sends {@code 0 <= tag <= TAG_UB} ({@link hpjava.mpi.spi.CommChannel#TAG_UB}); receives also
 *     {@link hpjava.mpi.spi.CommChannel#ANY_TAG};</li>
 * <li>buffers ({@link hpjava.mpi.spi.Data}): a Java primitive array or a <em>direct</em> NIO buffer, never null when
 *     the count is positive, whose element type fits the datatype's basic type, and large enough: every element the
 *     datatype map touches for {@code count} items, starting at {@code offset}, lies inside the array or inside
 *     {@code [0, capacity())} of the buffer. A native implementation can hand the address range to the C library
 *     without further checks;</li>
 * <li>counts: {@code >= 0}; count and displacement arrays of v-variants have one entry per rank, each entry
 *     {@code >= 0}, and every block they describe lies inside its buffer as above;</li>
 * <li>datatypes ({@link hpjava.mpi.spi.TypeLayout}): committed, not freed; matching send/receive signatures between
 *     ranks are <em>not</em> known locally and are the implementation's to report ({@code ERR_TRUNCATE},
 *     {@code ERR_TYPE});</li>
 * <li>operations ({@link hpjava.mpi.spi.Reduction}): defined for the datatype's basic type;</li>
 * <li>requests: not yet freed, not waited for by two threads at once.</li>
 * </ul>
 * What only the implementation can know (the peer's message is longer than the receive buffer, the peer failed, a
 * collective's arguments differ between ranks) it reports by throwing {@code mpi.MPIException} with the right error
 * class ({@link hpjava.mpi.spi.ErrorClasses}).
 *
 * <h2>Threads</h2>
 * Every method may be called from any thread of the rank that opened the engine (and threads it started);
 * implementations are thread-safe ({@code MPI_THREAD_MULTIPLE}).
 *
 * <h2>Units</h2>
 * As in Open MPI's Java binding, offsets, displacements, extents and strides are in elements of the datatype's
 * basic type ({@link hpjava.mpi.spi.BasicType}); for a struct of different basic types the basic type is
 * {@link hpjava.mpi.spi.BasicType#BYTE} and the unit is a byte. Message sizes in statuses are in bytes of the packed
 * data ({@link hpjava.mpi.spi.StatusRecord#bytes}), where a Java object counts as one byte.
 */
package hpjava.mpi.spi;

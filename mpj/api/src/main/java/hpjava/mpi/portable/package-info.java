/**
 * The portable MPI implementation: the {@code mpi} API over the mpjdev device, on any backend ({@code mt}, {@code ucx},
 * and {@code mpi} when no native implementation is present).
 *
 * <h2>Design</h2>
 * Each MPI communicator owns two private mpjdev communicators: one for point-to-point messages and one for
 * collectives, derived from a base communicator of the world that no other layer creates (so HPJava's runtime and
 * Adlib, which create from the world too, cannot disturb the agreement between ranks on contexts).
 *
 * <p><b>Point-to-point</b> ({@link hpjava.mpi.portable.Matching}): MPI needs what the mpjdev contract leaves out -
 * probing a message without receiving it, matched probes, cancelling a receive, synchronous completion - so MPI
 * matching is done here, in Java, over one mpjdev receive from any source with any tag that is always posted. A
 * message that arrives is matched against the posted MPI receives in the order they were posted, or queued as
 * unexpected; probes look at that queue. A synchronous send carries an id; the receiver sends an acknowledgement
 * when it matches it, and the send completes when that arrives. Ordering between a pair of ranks follows from
 * mpjdev's (messages between a pair on one communicator never overtake each other, and the queue keeps arrival
 * order). Progress is made by whichever thread waits: one at a time blocks in the mpjdev receive, the others wait
 * for it to hand over what arrived.
 *
 * <p><b>Collectives</b> ({@link hpjava.mpi.portable.Collectives}) run over the collective communicator with tags
 * from a per-communicator sequence number taken in call order, so concurrent nonblocking collectives (each run by
 * a thread of its own) never mix their messages. Reductions combine in rank order, so non-commutative user
 * operations are correct.
 */
package hpjava.mpi.portable;

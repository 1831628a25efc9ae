package hpjava.mpjdev.spi;

import hpjava.mpjdev.Comm;
import hpjava.mpjdev.DeviceException;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What every backend's {@link Comm#create(int[])} shares: the check of the id list, the count of creations per id
 * list, and the derivation of the new communicator's matching context. One instance belongs to one communicator of
 * one rank; the instances of one rank's communicators share a registry of the contexts in use, which detects
 * collisions.
 *
 * <h2>Why every member derives the same context</h2>
 * {@code Comm.create} is local: members exchange no messages, so each derives the context alone, from what all
 * members have in common: the parent's context, the id list (in its order: {@code ids[k]} becomes id {@code k}, so
 * two orders are two communicators), and the creation's sequence number, i.e. how many communicators this rank made
 * before from the same parent with the same list. The contract of {@code create} makes members create from a given
 * parent and list in the same order, so the sequence numbers agree too. {@link #deriveContext} is a pure function
 * of these three, the same on every rank, process and backend.
 *
 * <h2>Collisions</h2>
 * A context is 64 bits of a bijective mix (SplitMix64's finaliser) of the three inputs, so two distinct creations
 * collide with probability about 2^-64 a pair. They are nevertheless detected, not assumed away: every context this
 * rank uses (the world's and those of its live sub-communicators) is registered, and a creation whose derived context
 * is already registered throws {@link DeviceException} on every rank that is a member of both communicators. Those
 * are exactly the ranks that could receive a message of one communicator on the other (messages go to members only),
 * so detection there is enough. Communicators no longer reachable leave the registry (weak references), so a program
 * that creates in a loop does not grow it.
 *
 * <p>mt uses {@link #checkIds} and {@link #deriveContext} for its contexts' ids, and counts creations itself per
 * interned id list (O(1) memory per list for the whole job, not per rank); its messages travel through the context
 * objects, one per (parent, list, sequence) for the job, so an id collision could not mix them there.
 */
public final class CommCreation {

    /** Builds the backend's communicator for a derived context; {@code children} is the new communicator's own. */
    @FunctionalInterface
    public interface CommFactory<C extends Comm> {
        C make(long context, int[] ids, CommCreation children);
    }

    /** The derivation in use: {@link #deriveContext} except in tests that force collisions. */
    interface Derivation {
        long derive(long parent, int[] ids, int sequence);
    }

    private final Registry registry;
    private final long context;
    private final Derivation derivation;
    private final ConcurrentHashMap<IdList, AtomicInteger> creations = new ConcurrentHashMap<>();

    private CommCreation(Registry registry, long context, Derivation derivation) {
        this.registry = registry;
        this.context = context;
        this.derivation = derivation;
    }

    /** For tests: the world's creation state with another derivation. */
    static CommCreation forWorld(long worldContext, Derivation derivation) {
        return new CommCreation(new Registry(worldContext), worldContext, derivation);
    }

    /**
     * The creation state of a rank's world communicator with context {@code worldContext}, starting a new registry
     * for that rank.
     */
    public static CommCreation forWorld(long worldContext) {
        return forWorld(worldContext, CommCreation::deriveContext);
    }

    /**
     * The whole of {@code Comm.create} but building the object: checks {@code ids} against the parent (size
     * {@code parentSize}, caller's id {@code callerId}), counts the creation, derives the context, lets
     * {@code factory} build the communicator and registers its context.
     *
     * @throws IllegalArgumentException for a bad list (see {@link #checkIds})
     * @throws DeviceException if the derived context is in use by another communicator of this rank
     */
    public <C extends Comm> C create(int[] ids, int parentSize, int callerId, CommFactory<C> factory) {
        checkIds(ids, parentSize, callerId);
        int[] list = ids.clone();
        int sequence = nextSequence(list);
        long derived = derivation.derive(context, list, sequence);
        C comm = factory.make(derived, list, new CommCreation(registry, derived, derivation));
        registry.register(derived, comm, context, list, sequence);
        return comm;
    }

    /**
     * Checks an id list for {@code Comm.create} on a communicator of {@code size} ranks whose caller has id
     * {@code callerId}; returns the caller's id in the new communicator (its position in the list). The list need
     * not be sorted: its order gives the new ids.
     *
     * @throws IllegalArgumentException naming the first fault: the list is null or empty, an id is out of range, an
     *         id is listed twice, or the caller is not listed
     */
    public static int checkIds(int[] ids, int size, int callerId) {
        if (ids == null || ids.length == 0) throw new IllegalArgumentException("create: the id list is empty");
        boolean[] seen = new boolean[size];
        int position = -1;
        for (int k = 0; k < ids.length; k++) {
            int i = ids[k];
            if (i < 0 || i >= size) {
                throw new IllegalArgumentException("create: id " + i + " in " + Arrays.toString(ids)
                        + " is not a rank of this communicator (size " + size + ")");
            }
            if (seen[i]) throw new IllegalArgumentException("create: id " + i + " appears twice in " + Arrays.toString(ids));
            seen[i] = true;
            if (i == callerId) position = k;
        }
        if (position < 0) {
            throw new IllegalArgumentException("create: the calling rank (id " + callerId + ") is not in "
                    + Arrays.toString(ids));
        }
        return position;
    }

    /**
     * The sequence number of this creation: how many communicators this rank created before from this parent with
     * the same list (0 for the first). Thread-safe. {@code ids} must not be modified afterwards (it is kept as a key).
     */
    public int nextSequence(int[] ids) {
        return creations.computeIfAbsent(new IdList(ids), k -> new AtomicInteger()).getAndIncrement();
    }

    /**
     * The context of the {@code sequence}-th communicator created from a parent with context {@code parent} and the
     * id list {@code ids} (in order). A pure function: every rank of every backend gets the same value for the same
     * inputs. Never 0 (backends use 0 for "no context").
     */
    public static long deriveContext(long parent, int[] ids, int sequence) {
        long h = mix(parent + 0x9E37_79B9_7F4A_7C15L);
        h = mix(h ^ ids.length);
        for (int i : ids) h = mix(h ^ (i & 0xFFFF_FFFFL));
        h = mix(h ^ ((long) sequence << 32));
        return h != 0 ? h : 1;
    }

    /** SplitMix64's finaliser: a bijection of 64 bits whose every output bit depends on every input bit. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }

    /** An id list as a map key, compared by content. */
    private record IdList(int[] ids) {
        @Override
        public boolean equals(Object o) {
            return o instanceof IdList other && Arrays.equals(ids, other.ids);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(ids);
        }
    }

    /** The contexts in use by one rank's communicators: the world's for good, the others while reachable. */
    private static final class Registry {
        private final long worldContext;
        private final Map<Long, Entry> live = new HashMap<>(); // guarded by itself
        private final ReferenceQueue<Comm> gone = new ReferenceQueue<>();

        Registry(long worldContext) {
            this.worldContext = worldContext;
        }

        void register(long context, Comm comm, long parent, int[] ids, int sequence) {
            String what = "creation #" + sequence + " of " + Arrays.toString(ids) + " from context "
                    + Long.toHexString(parent);
            synchronized (live) {
                for (Object e; (e = gone.poll()) != null; ) live.remove(((Entry) e).context, e);
                Entry other = live.get(context);
                if (context == worldContext || (other != null && other.get() != null)) {
                    throw new DeviceException("create: context " + Long.toHexString(context) + " derived for " + what
                            + " is already used by " + (other == null ? "the world communicator" : other.what)
                            + " (a 64-bit hash collision, about 2^-64 likely); messages of the two would mix, so the job stops");
                }
                live.put(context, new Entry(comm, gone, context, what));
            }
        }
    }

    private static final class Entry extends WeakReference<Comm> {
        final long context;
        final String what;

        Entry(Comm comm, ReferenceQueue<Comm> queue, long context, String what) {
            super(comm, queue);
            this.context = context;
            this.what = what;
        }
    }
}

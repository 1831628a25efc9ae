package hpjava.mpjdev.conformance;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The named cases of the suite. {@link #names()} is the default run, in order; {@link #PEER_FAILURE} ends the job
 * and is therefore run alone ({@link Conformance#assertPeerFailureDetected}).
 */
public final class ConformanceCases {
    public static final String ORDER = "order";
    public static final String WILDCARDS = "wildcards";
    public static final String NONBLOCKING = "nonblocking";
    public static final String ZERO_LENGTH = "zero-length";
    public static final String CHECK_WORDS = "check-words";
    public static final String SMALL_MESSAGES = "small-messages";
    public static final String LARGE_MESSAGES = "large-messages";
    public static final String TYPES = "types";
    public static final String OBJECTS = "objects";
    public static final String SUB_COMMUNICATORS = "sub-communicators";
    public static final String MANY_REQUESTS = "many-requests";
    public static final String STATUS = "status";
    public static final String NATIVE_COLLECTIVES = "native-collectives";
    public static final String PEER_FAILURE = "peer-failure";

    private static final Map<String, Supplier<ConformanceCase>> ALL = new LinkedHashMap<>();

    static {
        ALL.put(ORDER, OrderCase::new);
        ALL.put(WILDCARDS, WildcardCase::new);
        ALL.put(NONBLOCKING, NonBlockingCase::new);
        ALL.put(ZERO_LENGTH, ZeroLengthCase::new);
        ALL.put(CHECK_WORDS, CheckWordsCase::new);
        ALL.put(SMALL_MESSAGES, SmallMessagesCase::new);
        ALL.put(TYPES, TypesCase::new);
        ALL.put(OBJECTS, ObjectsCase::new);
        ALL.put(SUB_COMMUNICATORS, SubCommCase::new);
        ALL.put(STATUS, StatusCase::new);
        ALL.put(MANY_REQUESTS, ManyRequestsCase::new);
        ALL.put(NATIVE_COLLECTIVES, NativeCollectivesCase::new);
        ALL.put(LARGE_MESSAGES, LargeMessageCase::new);
        ALL.put(PEER_FAILURE, PeerFailureCase::new);
    }

    private ConformanceCases() {}

    /** Every case of a normal run, in run order (all but {@link #PEER_FAILURE}). */
    public static List<String> names() {
        return ALL.keySet().stream().filter(n -> !n.equals(PEER_FAILURE)).toList();
    }

    /**
     * The cases whose cost grows at most linearly with np and stays small per rank, for very large jobs (1024 ranks
     * as virtual threads): no 64 MiB messages, no thousand requests per rank.
     */
    public static List<String> scalable() {
        return List.of(ORDER, WILDCARDS, NONBLOCKING, ZERO_LENGTH, CHECK_WORDS, SMALL_MESSAGES, TYPES, SUB_COMMUNICATORS, STATUS,
                NATIVE_COLLECTIVES);
    }

    /** Every case name, including {@link #PEER_FAILURE}. */
    public static List<String> allNames() {
        return List.copyOf(ALL.keySet());
    }

    /** A new instance of the named case. @throws IllegalArgumentException for an unknown name, listing the known ones */
    public static ConformanceCase get(String name) {
        return require(name).get();
    }

    static Supplier<ConformanceCase> require(String name) {
        Supplier<ConformanceCase> s = ALL.get(name);
        if (s == null) {
            throw new IllegalArgumentException("unknown conformance case '" + name + "'; known cases: " + String.join(", ", ALL.keySet()));
        }
        return s;
    }
}

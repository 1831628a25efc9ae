package hpjava.mpjdev.spi;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The configuration keys of one backend and their values, read the same way by every backend: a key {@code k} of
 * backend {@code b} is given as {@code hpjava run --option k=VALUE} (the {@link hpjava.mpjdev.LaunchSpec#options()}
 * map) or, when absent there, as the system property {@code hpjava.b.k}; otherwise it has its default. A key the
 * backend does not know is rejected with the list of the known ones. Each backend declares its keys, defaults and
 * documentation in one class ({@code MtOptions}, {@code UcxOptions}, {@code MpiOptions}), whose {@link Key} list is
 * also what its README and usage text show.
 */
public final class BackendOptions {
    /** One configuration key: its name, its default as shown to users, and what it does (one sentence). */
    public record Key(String name, String defaultValue, String doc) {}

    private final String backend;
    private final Map<String, String> given;

    private BackendOptions(String backend, Map<String, String> given) {
        this.backend = backend;
        this.given = Map.copyOf(given);
    }

    /**
     * The options of backend {@code backend} from {@code given} ({@code --option} values) and the system properties.
     *
     * @throws IllegalArgumentException naming the unknown key and the known ones, if {@code given} holds a key that is
     *         not in {@code keys}
     */
    public static BackendOptions of(String backend, List<Key> keys, Map<String, String> given) {
        for (String k : given.keySet()) {
            if (keys.stream().noneMatch(key -> key.name().equals(k)))
                throw new IllegalArgumentException("unknown option '" + k + "' for the " + backend + " backend (known: "
                        + names(keys) + ")");
        }
        return new BackendOptions(backend, given);
    }

    /** The known keys' names, comma-separated, in declaration order. */
    public static String names(List<Key> keys) {
        return keys.stream().map(Key::name).collect(Collectors.joining(", "));
    }

    /** One line per key: {@code name (default D): doc}, for usage texts. */
    public static String describe(List<Key> keys) {
        return keys.stream().map(k -> "  " + k.name() + " (default " + k.defaultValue() + "): " + k.doc())
                .collect(Collectors.joining("\n"));
    }

    /** The system property that also sets {@code key}: {@code hpjava.BACKEND.KEY}. */
    public String property(String key) {
        return "hpjava." + backend + "." + key;
    }

    /** The value given for {@code key} (option, else system property), or {@code null}. */
    public String raw(String key) {
        String v = given.get(key);
        return v != null ? v : System.getProperty(property(key));
    }

    /** {@code key} as a string, or {@code dflt}. */
    public String string(String key, String dflt) {
        String v = raw(key);
        return v == null ? dflt : v;
    }

    /** {@code key} as an integer in {@code [min, max]}, or {@code dflt}. */
    public long number(String key, long dflt, long min, long max) {
        String v = raw(key);
        if (v == null) return dflt;
        try {
            long n = Long.parseLong(v.trim());
            if (n >= min && n <= max) return n;
        } catch (NumberFormatException e) {
            // reported below
        }
        String range = min == 0 ? "a non-negative integer" + (max < Integer.MAX_VALUE ? " up to " + max : "")
                : "an integer from " + min + " to " + max;
        throw new IllegalArgumentException(backend + " option " + key + " must be " + range + ", not '" + v + "'");
    }

    /** {@code key} as {@code true}/{@code false}, or {@code dflt}. */
    public boolean flag(String key, boolean dflt) {
        String v = raw(key);
        if (v == null) return dflt;
        if (v.equals("true")) return true;
        if (v.equals("false")) return false;
        throw new IllegalArgumentException(backend + " option " + key + " must be true or false, not '" + v + "'");
    }
}

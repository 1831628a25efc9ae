package hpjava.bench.mpjdev;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Command-line options of {@link MpjdevBench}. Parsed once in the launching process and passed unchanged to every
 * rank as its program arguments ({@link #toArgs()}), so both ends of a measurement agree on the plan.
 */
record BenchOptions(String backend, int np, Set<Test> tests, Set<Kind> kinds, long[] sizes, int runs, int samples,
                    double sampleMillis, double warmupMillis, int window, List<String> launcherArgs) {

    /** What is measured. */
    enum Test { LATENCY, BANDWIDTH }

    static final String USAGE = """
            usage: bench/mpjdev-bench [options]
              --backend NAME      device backend, found by name through the launcher (default mt);
                                  raw-threads: the raw-Java baseline for mt (two threads, shared arrays, no device)
              --np N              ranks to start, >= 2; ranks 0 and 1 measure, the others wait (default 2)
              --tests LIST        latency,bandwidth (default both)
              --kinds LIST        byte,double,object (default all)
              --min-size BYTES    smallest message payload (default 1)
              --max-size BYTES    largest message payload, sizes are powers of two in between (default 4194304)
              --sizes LIST        explicit payload sizes in bytes instead of --min-size/--max-size
              --runs R            repetitions; every run measures every point once, points interleaved (default 5)
              --samples S         timed samples per point per run; a run's value is their median (default 5)
              --sample-ms T       target duration of one sample, sets the iteration count (default 4)
              --warmup-ms T       warm-up per point before the first run, at least (default 100; it goes on
                                  until the JIT is idle and the time per message stops improving, up to 50 T)
              --window W          messages in flight in the bandwidth test (default 64; fewer when W x size
                                  would exceed 64 MiB)
              --launcher-arg A    pass A to the backend's launcher (repeatable)
              --help              this text
            Output (stdout of rank 0): '#' comment lines, then one line per point:
              test kind bytes median_us min_us max_us mb_per_s iters window
            """;

    static BenchOptions parse(String[] args) {
        String backend = "mt";
        int np = 2;
        Set<Test> tests = EnumSet.allOf(Test.class);
        Set<Kind> kinds = EnumSet.allOf(Kind.class);
        long minSize = 1, maxSize = 4L << 20;
        long[] sizes = null;
        int runs = 5, samples = 5, window = 64;
        double sampleMs = 4, warmupMs = 100;
        List<String> launcherArgs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--help") || a.equals("-h")) throw new UsageException("");
            if (!a.startsWith("--")) throw new UsageException("unexpected argument '" + a + "'");
            if (i + 1 >= args.length) throw new UsageException("option " + a + " needs a value");
            String v = args[++i];
            switch (a) {
                case "--backend" -> backend = v;
                case "--np" -> np = intArg(a, v, 2);
                case "--tests" -> tests = enumList(a, v, Test.class);
                case "--kinds" -> kinds = enumList(a, v, Kind.class);
                case "--min-size" -> minSize = longArg(a, v, 0);
                case "--max-size" -> maxSize = longArg(a, v, 0);
                case "--sizes" -> sizes = Arrays.stream(v.split(",")).mapToLong(s -> longArg(a, s.trim(), 0)).toArray();
                case "--runs" -> runs = intArg(a, v, 1);
                case "--samples" -> samples = intArg(a, v, 1);
                case "--sample-ms" -> sampleMs = doubleArg(a, v);
                case "--warmup-ms" -> warmupMs = doubleArg(a, v);
                case "--window" -> window = intArg(a, v, 1);
                case "--launcher-arg" -> launcherArgs.add(v);
                default -> throw new UsageException("unknown option " + a);
            }
        }
        if (sizes == null) {
            if (maxSize < minSize) throw new UsageException("--max-size " + maxSize + " is below --min-size " + minSize);
            List<Long> ls = new ArrayList<>();
            if (minSize == 0) ls.add(0L);
            for (long s = Math.max(1, minSize); s <= maxSize; s = s * 2) ls.add(s);
            sizes = ls.stream().mapToLong(Long::longValue).toArray();
        }
        for (long s : sizes) {
            if (s > (1L << 30)) throw new UsageException("message size " + s + " is above the supported 1 GiB");
        }
        return new BenchOptions(backend, np, tests, kinds, sizes, runs, samples, sampleMs, warmupMs, window,
                List.copyOf(launcherArgs));
    }

    /** The arguments that reproduce these options. */
    String[] toArgs() {
        List<String> a = new ArrayList<>(List.of("--backend", backend, "--np", Integer.toString(np),
                "--tests", join(tests), "--kinds", join(kinds),
                "--sizes", String.join(",", Arrays.stream(sizes).mapToObj(Long::toString).toList()),
                "--runs", Integer.toString(runs), "--samples", Integer.toString(samples),
                "--sample-ms", Double.toString(sampleMillis), "--warmup-ms", Double.toString(warmupMillis),
                "--window", Integer.toString(window)));
        for (String l : launcherArgs) a.addAll(List.of("--launcher-arg", l));
        return a.toArray(String[]::new);
    }

    private static String join(Set<? extends Enum<?>> s) {
        return String.join(",", s.stream().map(e -> e.name().toLowerCase(Locale.ROOT)).toList());
    }

    private static <E extends Enum<E>> Set<E> enumList(String opt, String v, Class<E> type) {
        Set<E> out = EnumSet.noneOf(type);
        for (String s : v.split(",")) {
            try {
                out.add(Enum.valueOf(type, s.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new UsageException(opt + ": unknown value '" + s.trim() + "' (allowed: "
                        + String.join(",", EnumSet.allOf(type).stream().map(x -> x.name().toLowerCase(Locale.ROOT)).toList()) + ")");
            }
        }
        return out;
    }

    private static int intArg(String opt, String v, int min) {
        long x = longArg(opt, v, min);
        if (x > Integer.MAX_VALUE) throw new UsageException(opt + ": " + v + " is too large");
        return (int) x;
    }

    private static long longArg(String opt, String v, long min) {
        long x;
        try {
            x = Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new UsageException(opt + ": '" + v + "' is not an integer");
        }
        if (x < min) throw new UsageException(opt + ": " + v + " is below the minimum " + min);
        return x;
    }

    private static double doubleArg(String opt, String v) {
        try {
            double d = Double.parseDouble(v);
            if (!(d > 0) || Double.isInfinite(d)) throw new UsageException(opt + ": " + v + " must be a positive number");
            return d;
        } catch (NumberFormatException e) {
            throw new UsageException(opt + ": '" + v + "' is not a number");
        }
    }

    /** A wrong command line; the message says which argument and why (empty: just print the usage). */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }
}

package hpjava.adlib;

import hpjava.lang.Multiarray;
import hpjava.mpjdev.ReduceOp;

import java.util.Arrays;

/**
 * Collective checking: every Adlib collective call carries a compact <em>signature</em> (operation, element type,
 * shape, root and other integer arguments, hashed into one {@code long} whose low bits keep the operation and
 * element type readable) and a <em>sequence number</em> (the how-manieth Adlib collective of the calling rank over
 * that set of processes). Members whose calls differ fail together instead of exchanging wrong data.
 *
 * <p>Where it is checked (cheaply, on the existing messages where possible):
 * <ul>
 * <li>element-moving operations (remap, shift, cshift, writeHalo): every message carries the sender's signature and
 *     sequence number as the message's check words, right after its header, compared in place by the receiver
 *     ({@link Transfer}, {@link hpjava.mpjdev.Buffer#start});</li>
 * <li>reductions and dotProduct over the whole job on native collectives: inside the reduction's own allreduce
 *     ({@link hpjava.mpjdev.NativeCollectives#allreduceChecked}: the backend compares the words with the data, no
 *     extra message);</li>
 * <li>the same on the tree path, and broadcasts, maxloc/minloc, dimensional reductions, gather/scatter and aprintf:
 *     one agreement before the data moves ({@link #agree}): on native collectives an {@code allreduceChecked} of no
 *     data, else a binomial gather to member 0 and a broadcast of the verdict.</li>
 * </ul>
 * On a failed agreement every member knows it at once; the members then exchange their descriptions (rare path) and
 * each throws the same {@link AdlibException} naming, per rank, the operation, its sequence number and the calling
 * {@code .hpj} position. A failed message check throws on the receiving rank, naming both calls. Calls whose message
 * patterns do not meet at all (one member in writeHalo, another in a reduction) block: on {@code mt} the device's
 * deadlock detector reports every rank's pending operation and line at once.
 */
final class CallCheck {
    private CallCheck() {}

    /** How calls are checked: the JVM's {@code hpjava.adlib.check} property, read once (see {@link Mode}). */
    static final Mode MODE = Mode.of(System.getProperty("hpjava.adlib.check"));
    /** The report for an unknown {@code hpjava.adlib.check} value (thrown by every checked call), else null. */
    private static final String MODE_ERROR = Mode.error(System.getProperty("hpjava.adlib.check"));

    /**
     * The checking modes ({@code -Dhpjava.adlib.check=on|off|agree-first}). {@code on} (the default; also
     * {@code true}): as described above. {@code off} (also {@code false}): no agreement and no 16-byte message header
     * (every rank of a job must then run with it off): the baseline for measuring the cost of checking, and for
     * programs already known correct. {@code agree-first}: reductions on native collectives
     * also agree first, in a separate collective, instead of carrying the words in their allreduce (the former
     * design, kept to measure the difference).
     */
    enum Mode {
        ON, OFF, AGREE_FIRST;

        /** The mode {@code value} names; {@link #ON} for null or an unknown value (see {@link #error}). */
        static Mode of(String value) {
            if (value == null) return ON;
            switch (value.trim().toLowerCase(java.util.Locale.ROOT)) {
                case "off": case "false": return OFF;
                case "agree-first": return AGREE_FIRST;
                default: return ON;
            }
        }

        static String error(String value) {
            if (value == null) return null;
            String v = value.trim().toLowerCase(java.util.Locale.ROOT);
            if (v.isEmpty() || v.equals("on") || v.equals("true") || of(v) != ON) return null;
            return "-Dhpjava.adlib.check=" + value + ": unknown value (expected on, off or agree-first)";
        }
    }

    /** Whether calls are checked at all ({@link Mode#OFF} turns every check off). */
    static final boolean ENABLED = MODE != Mode.OFF;

    /** {@link Checking#plan}'s mode for the schedules the calling thread (rank) plans now; null: {@link #MODE}. */
    static final ThreadLocal<Mode> PLANNING = new ThreadLocal<>();

    /** The mode a schedule planned now by the calling thread checks its calls in (fixed for its life). */
    static Mode planningMode() {
        Mode m = PLANNING.get();
        return m != null ? m : MODE;
    }

    /** Operation codes (the low 8 bits of a signature). */
    static final String[] OPS = {"remap", "shift", "cshift", "writeHalo", "broadcast", "broadcast(value, root)",
            "sum", "product", "maxval", "minval", "any", "all", "count", "dotProduct", "maxloc", "minloc",
            "sumDim", "productDim", "maxvalDim", "minvalDim", "gather", "scatter", "aprintf"};
    private static final String[] TYPES = {"boolean", "byte", "char", "short", "int", "long", "float", "double", "Object"};

    /** The signature of a call of {@code op} on arrays with {@code elementType} and {@code shape}, and {@code params}. */
    static long signature(String op, String elementType, int[] shape, int... params) {
        int code = Arrays.asList(OPS).indexOf(op);
        if (code < 0) throw new IllegalArgumentException("internal: no operation code for " + op);
        int type = elementType == null ? 15 : Arrays.asList(TYPES).indexOf(elementType);
        if (type < 0) type = 8;                                            // any Object element type
        long h = 0x9E3779B97F4A7C15L * (code + 1);
        h = mix(h, type);
        if (shape != null) {
            h = mix(h, shape.length);
            for (int s : shape) h = mix(h, s);
        }
        for (int p : params) h = mix(h, p);
        return h << 16 | (long) type << 8 | code;
    }

    /** The signature of {@code broadcast(value, root)} with a value of the element type of {@code boxClass}. */
    static long valueSignature(Class<?> boxClass, int root) {
        String t = boxClass.getComponentType().getName();
        int type = 8;
        for (int i = 0; i < 8; i++) if (TYPES[i].equals(t)) type = i;
        return mix(mix(0x9E3779B97F4A7C15L * (VALUE_BROADCAST + 1), type), root) << 16 | (long) type << 8 | VALUE_BROADCAST;
    }

    private static final int VALUE_BROADCAST = 5;

    /** The signature of a call on array {@code a} (its element type and shape). */
    static long signature(String op, Multiarray a, int... params) {
        return signature(op, a.elementType(), a.shape(), params);
    }

    private static long mix(long h, long v) {
        h ^= v + 0x9E3779B97F4A7C15L + (h << 6) + (h >>> 2);
        return h * 0xBF58476D1CE4E5B9L;
    }

    /** "writeHalo on float arrays": what a signature says readably. */
    static String decode(long sig) {
        int code = (int) (sig & 0xFF), type = (int) (sig >>> 8 & 0xFF);
        String op = code < OPS.length ? OPS[code] : "operation " + code;
        return op + (type < TYPES.length ? " on " + TYPES[type] + " data" : "");
    }

    /**
     * Whether every member of {@code members} passed the same signature and sequence number. Collective; allocates
     * nothing (buffers are the rank's). Uses the native allreduce when it serves the group, else a binomial tree.
     */
    static boolean agree(AdlibRank rk, int[] members, int me, long sig, long seq) {
        return agree(rk, members, me, sig, seq, ENABLED);
    }

    /** {@link #agree}, or nothing (true) when not {@code enabled} (a schedule planned with checking off). */
    static boolean agree(AdlibRank rk, int[] members, int me, long sig, long seq, boolean enabled) {
        if (MODE_ERROR != null) throw new AdlibException(MODE_ERROR);
        int n = members.length;
        if (n == 1 || !enabled) return true;
        if (rk.nativeFor(members)) return rk.nat.allreduceChecked(rk.agreeNative, 0, 0, ReduceOp.MAX, sig, seq);
        long[] all = rk.agreeAll();
        all[2 * me] = sig;
        all[2 * me + 1] = seq;
        Tree.gather(rk, members, me, rk.agreeAlls(), TWO);
        int[] verdict = rk.agreeVerdict;
        if (me == 0) {
            verdict[0] = 1;
            for (int k = 1; k < n; k++) if (all[2 * k] != sig || all[2 * k + 1] != seq) verdict[0] = 0;
        }
        Tree.bcast(rk, members, me, 0, rk.agreeVerdicts, ONE);
        return verdict[0] == 1;
    }

    private static final int[] ONE = {1}, TWO = {2};

    /**
     * After a failed {@link #agree} (every member calls this): the members exchange their descriptions and each
     * throws the same report.
     */
    static AdlibException mismatch(AdlibRank rk, int[] members, int me, long seq, String call) {
        String mine = "rank " + members[me] + ": " + call + " (Adlib collective #" + seq + " of this group)" + callSite();
        StringBuilder sb = new StringBuilder("Adlib: collective mismatch: the members of the active process group "
                + Arrays.toString(members) + " called different collectives (or a different number of them):");
        for (int k = 0; k < members.length; k++) {
            Object d = Tree.bcastObject(rk, members, me, k, k == me ? mine : null);
            sb.append("\n  ").append(d);
        }
        return new AdlibException(sb.toString());
    }

    /** A message check failed on the receiving rank. */
    static AdlibException messageMismatch(int me, int peer, String call, long seq, long peerSig, long peerSeq) {
        return new AdlibException("Adlib: collective mismatch between ranks " + me + " and " + peer + ":\n  rank " + me
                + ": " + call + " (Adlib collective #" + seq + " of its group)" + callSite() + "\n  rank " + peer
                + ": sent data of " + decode(peerSig) + " (its Adlib collective #" + peerSeq
                + " of the group; see its own report for its line)");
    }

    /** {@code " at Class.method(File.hpj:12)"}: the program's frame that called Adlib (slow: failure paths only). */
    static String callSite() {
        StackWalker.StackFrame f = callerFrame();
        return f == null ? "" : " at " + f.toStackTraceElement();
    }

    /** The program's frame that called Adlib, or null. */
    static StackWalker.StackFrame callerFrame() {
        return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
                .walk(s -> s.filter(f -> !isLibrary(f.getDeclaringClass())).findFirst().orElse(null));
    }

    /**
     * The same for the profile, once per call, by class names only (no code-source lookups): every frame outside
     * the packages of Adlib, the runtime, mpjdev and the JDK.
     */
    static StackWalker.StackFrame programFrame() {
        return NAMES_WALKER.walk(s -> s.filter(f -> !isLibraryName(f.getClassName())).findFirst().orElse(null));
    }

    private static final StackWalker NAMES_WALKER = StackWalker.getInstance();

    private static boolean isLibraryName(String c) {
        return c.startsWith("hpjava.adlib.") || c.startsWith("hpjava.lang.") || c.startsWith("hpjava.mpjdev.")
                || c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.");
    }

    /** The operation a signature names ("writeHalo"). */
    static String operation(long sig) {
        int code = (int) (sig & 0xFF);
        return code < OPS.length ? OPS[code] : "operation " + code;
    }

    /** Adlib's own classes (same code source as this one: not the program's, even in this package), runtime, JDK. */
    private static boolean isLibrary(Class<?> k) {
        String c = k.getName();
        if (java.util.Objects.equals(k.getProtectionDomain().getCodeSource(), CallCheck.class.getProtectionDomain().getCodeSource()))
            return true;
        return c.startsWith("hpjava.lang.") || c.startsWith("hpjava.mpjdev.")
                || c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.");
    }

    /** "maxval(double [[4, 8]])": a call's description for reports. */
    static String describe(String op, Multiarray a, String extra) {
        String args = (a == null ? "" : a.elementType() + " " + Local.shape(a)) + (extra == null ? "" : extra);
        return op + "(" + (args.startsWith(", ") ? args.substring(2) : args) + ")";
    }

    /**
     * One planned call: its group, signature and description, checked at each execution in the mode it was planned
     * in ({@link #planningMode()}).
     */
    static final class Call {
        final int[] members;
        final int me;
        final long sig;
        final String text;
        final Mode mode;
        /** Whether executions are checked at all (messages carry the 16-byte header; agreements happen). */
        final boolean checked;

        Call(hpjava.lang.Group apg, int id, long sig, String text) {
            if (MODE_ERROR != null) throw new AdlibException(MODE_ERROR);
            this.members = MemberLists.of(apg);
            this.me = apg.indexOf(id);
            this.sig = sig;
            this.text = text;
            this.mode = planningMode();
            this.checked = mode != Mode.OFF;
        }

        /** The call's sequence number on this rank (message-checked operations); the call begins. */
        long next(AdlibRank rk) {
            rk.began(sig);
            return rk.seqs.next(members);
        }

        /**
         * The native allreduce of {@code acc[0 .. count)} carrying this call's signature and sequence number (in
         * place of {@link #agree}); throws the mismatch report on every member when they disagree.
         */
        void allreduce(AdlibRank rk, Object acc, int count, ReduceOp op) {
            long seq = next(rk);
            if (mode == Mode.ON) {
                if (!rk.nat.allreduceChecked(acc, 0, count, op, sig, seq)) throw mismatch(rk, members, me, seq, text);
                return;
            }
            if (!CallCheck.agree(rk, members, me, sig, seq, checked)) throw mismatch(rk, members, me, seq, text);
            rk.nat.allreduce(acc, 0, count, op);
        }

        /** Agrees with the other members before any data moves; throws the mismatch report on every member. */
        void agree(AdlibRank rk) {
            long seq = next(rk);
            if (!CallCheck.agree(rk, members, me, sig, seq, checked)) throw mismatch(rk, members, me, seq, text);
        }
    }

    /**
     * Per-rank sequence numbers, one counter per set of processes (the APG's members): a collective over a
     * subgroup does not advance the counters of other groups. The last set is compared first (no allocation).
     */
    static final class Sequences {
        private int[][] keys = new int[4][];
        private long[] counts = new long[4];
        private int size, last = -1;

        long next(int[] members) {
            if (last >= 0 && (keys[last] == members || Arrays.equals(keys[last], members))) return ++counts[last];
            for (int i = 0; i < size; i++)
                if (Arrays.equals(keys[i], members)) {
                    last = i;
                    return ++counts[i];
                }
            if (size == keys.length) {
                keys = Arrays.copyOf(keys, 2 * size);
                counts = Arrays.copyOf(counts, 2 * size);
            }
            keys[size] = members;     // a Call's own copy of its group's members, never modified: not cloned again
            last = size++;
            return ++counts[last];
        }
    }
}

package hpjava.mpjdev.watch;

/**
 * Where a rank's thread is in the user's program, from a stack sample: {@code " in Adlib.maxval at
 * Prog.main(Prog.hpj:12)"} - the Adlib entry it called (when it is in Adlib) and the program's frame: the nearest
 * frame in a {@code .hpj} file (the translator names the {@code .hpj} source in every class it writes), else the
 * first frame outside the HPJava libraries and the JDK. Used by every backend's deadlock and hang reports (slow: a
 * stack sample, on report paths only, never per call).
 */
public final class CallSite {
    private CallSite() {}

    /** The suffix for {@code t}'s current position, or "" when {@code t} is null or has no program frame. */
    public static String of(Thread t) {
        if (t == null) return "";
        return of(t.getStackTrace());
    }

    /** The suffix for a stack trace (innermost frame first). */
    public static String of(StackTraceElement[] st) {
        String entry = "";
        for (int i = 0; i < st.length; i++) {
            StackTraceElement e = st[i];
            if (e.getClassName().equals("hpjava.adlib.Adlib")) entry = " in Adlib." + e.getMethodName();
            else if (e.getClassName().equals("hpjava.adlib.Schedule") && i > 0 && entry.isEmpty()) entry = splitPhase(st[i - 1], e);
        }
        for (StackTraceElement e : st) {
            String f = e.getFileName();
            if (f != null && f.endsWith(".hpj")) return entry + " at " + e;
        }
        StackTraceElement belowDevice = null;
        boolean inDevice = false;
        for (StackTraceElement e : st) {
            String c = e.getClassName();
            if (c.startsWith("hpjava.mpjdev.")) inDevice = true;
            else if (inDevice) {
                if (belowDevice == null) belowDevice = e;
                if (!isLibrary(c)) return entry + " at " + e;
            }
        }
        if (belowDevice != null) return entry + " at " + belowDevice;
        for (StackTraceElement e : st) if (!isLibrary(e.getClassName())) return " at " + e;
        return "";
    }

    /** " in WriteHalo.complete": a split-phase schedule's half ({@code inner}: the schedule class's own frame). */
    private static String splitPhase(StackTraceElement inner, StackTraceElement half) {
        String c = inner.getClassName();
        return " in " + c.substring(c.lastIndexOf('.') + 1) + "." + half.getMethodName();
    }

    private static boolean isLibrary(String c) {
        return c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.") || c.startsWith("hpjava.mpjdev.")
                || c.startsWith("hpjava.adlib.") || c.startsWith("hpjava.lang.");
    }
}

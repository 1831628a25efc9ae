package hpjava.junit;

/** How a rank's exception is shown to the test: the user's frames, without the harness's frames below them. */
final class RankFailure {
    private RankFailure() {
    }

    /**
     * Drops, from each trace of {@code stackTrace} (the exception and each "Caused by"), the frames from the first
     * reflective call or {@link RankTask} / {@link RankEntry} frame on: they are how the harness called the test, not the test.
     */
    static String trim(String stackTrace) {
        StringBuilder b = new StringBuilder();
        boolean skipping = false;
        for (String line : stackTrace.split("\\R")) {
            String t = line.strip();
            if (!t.startsWith("at ") && !t.startsWith("... ")) skipping = false;
            else if (isHarnessFrame(t)) skipping = true;
            if (!skipping) b.append(line).append('\n');
        }
        return b.toString();
    }

    private static boolean isHarnessFrame(String frame) {
        return frame.startsWith("at hpjava.junit.RankTask.") || frame.startsWith("at hpjava.junit.RankEntry")
                || frame.contains("java.lang.reflect.Method.invoke")
                || frame.contains("jdk.internal.reflect.") || frame.contains("LambdaForm$") || frame.startsWith("... ");
    }
}

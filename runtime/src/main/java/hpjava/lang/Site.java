package hpjava.lang;

import java.util.Optional;

/**
 * Where in a user's {@code .hpj} source a group or range was created, for messages ("{@code from Laplace.hpj:12}").
 * The translator names the {@code .hpj} file in every class file it writes (SourceFile attribute), so the first stack
 * frame whose file ends in {@code .hpj} is the user's creation site. Called only by the public constructors of grids
 * and distributed ranges (made a few times per program, not in element loops): one bounded stack walk each.
 */
final class Site {
    private static final StackWalker WALKER = StackWalker.getInstance();
    private static final int MAX_DEPTH = 16;

    private Site() {}

    /** {@code File.hpj:line} of the nearest {@code .hpj} frame of the calling thread, or null when there is none. */
    static String here() {
        Optional<String> s = WALKER.walk(frames -> frames.limit(MAX_DEPTH)
                .filter(f -> f.getFileName() != null && f.getFileName().endsWith(".hpj"))
                .findFirst()
                .map(f -> f.getFileName() + ":" + f.getLineNumber()));
        return s.orElse(null);
    }

    /** {@code " from File.hpj:line"}, or "" when the site is unknown. */
    static String suffix(String site) { return site == null ? "" : " from " + site; }
}

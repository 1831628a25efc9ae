import java.util.List;

/**
 * The problem class of an NPB kernel from its command line, as NASA's binaries take it: one optional argument, a
 * class letter (S, W, A, B, C, D, E; lower case accepted), default S.
 */
public final class NpbClass {
    private NpbClass() {
    }

    /**
     * The class letter in {@code args} (upper case), or 'S' when there is none.
     *
     * @param kernel    the kernel's two-letter name, for messages
     * @param supported the letters this kernel defines, in order ("SWAB...")
     * @throws IllegalArgumentException naming the argument and the accepted letters when it is not one of them
     */
    public static char parse(String[] args, String kernel, String supported) {
        if (args.length == 0) return 'S';
        if (args.length > 1)
            throw new IllegalArgumentException(kernel + ": one argument, the class letter (" + letters(supported)
                    + "; default S), not " + List.of(args));
        String a = args[0].trim();
        char c = a.length() == 1 ? Character.toUpperCase(a.charAt(0)) : '?';
        if (supported.indexOf(c) < 0)
            throw new IllegalArgumentException(kernel + ": unknown class '" + args[0] + "': give one of "
                    + letters(supported) + " (default S)");
        return c;
    }

    private static String letters(String supported) {
        return String.join(" ", supported.chars().mapToObj(ch -> String.valueOf((char) ch)).toList());
    }
}

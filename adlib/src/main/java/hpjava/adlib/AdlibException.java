package hpjava.adlib;

/**
 * Misuse of an Adlib operation (docs/LANGUAGE.md#adlib): an array not contained in the active process group, mismatched shapes,
 * element types or alignment, ghost widths beyond a range's extension, a bad mode or dimension. Every check depends
 * only on data all APG members share (shapes, distributions, groups, arguments), so every member throws the same
 * exception before any message is sent: misuse never hangs.
 */
public class AdlibException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public AdlibException(String message) {
        super(message);
    }

    public AdlibException(String message, Throwable cause) {
        super(message, cause);
    }
}

import java.util.Locale;

/**
 * Fortran's exponent edit descriptors as NPB's kernels print their per-iteration lines, so that our output reads as
 * NASA's: {@code Ew.d} ({@code 0.12345E+01}) and {@code 1PDw.d} ({@code 1.2345D+00}), right-justified in w columns.
 */
public final class NpbFormat {
    private NpbFormat() {
    }

    /** Fortran {@code Ew.d}: a zero before the point, d digits after it, a two-digit exponent. */
    public static String e(double x, int w, int d) {
        return mantissaForm(x, w, d, 0, 'E');
    }

    /** Fortran {@code 1PDw.d}: one digit before the point, d after it, exponent letter D. */
    public static String scaledD(double x, int w, int d) {
        return mantissaForm(x, w, d, 1, 'D');
    }

    private static String mantissaForm(double x, int w, int d, int lead, char letter) {
        if (!Double.isFinite(x)) return String.format(Locale.ROOT, "%" + w + "s", x);
        int digits = d + lead;
        String s = String.format(Locale.ROOT, "%." + (digits - 1) + "E", Math.abs(x));
        int exp = x == 0 ? 0 : Integer.parseInt(s.substring(s.indexOf('E') + 1)) + 1 - lead;
        String all = s.substring(0, s.indexOf('E')).replace(".", "");
        String mantissa = lead == 0 ? "0." + all : all.substring(0, lead) + "." + all.substring(lead);
        String text = (x < 0 ? "-" : "") + mantissa + letter + (exp < 0 ? '-' : '+')
                + String.format(Locale.ROOT, "%02d", Math.abs(exp));
        return String.format(Locale.ROOT, "%" + w + "s", text);
    }
}

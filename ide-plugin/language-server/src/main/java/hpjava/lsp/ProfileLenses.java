package hpjava.lsp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.eclipse.lsp4j.CodeLens;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/**
 * The last communication profile of a file ({@code hpjava run --comm-profile}, docs/PROFILING.md) on its lines: the
 * newest {@code .hpjava-profile/*.json} beside the file that has entries of the file's name gives, per entry, a code
 * lens on its line ({@code writeHalo: 2 msgs/rank, 256 B, waited 0.4 ms median, 1124 calls}) and the same text in
 * the hover of that line. Messages and bytes are per call of the median rank; the wait is the median rank's total.
 * No profile, or one that cannot be read: nothing.
 */
final class ProfileLenses {
    private ProfileLenses() {
    }

    /** One entry of the profile on a 0-based line. */
    record Lens(int line, String text) {
    }

    /** The lenses of the file at {@code file} from its newest profile. */
    static List<Lens> of(Path file) {
        if (file == null || file.getParent() == null) return List.of();
        Path dir = file.getParent().resolve(".hpjava-profile");
        String name = file.getFileName().toString();
        List<Lens> best = List.of();
        FileTime newest = null;
        if (!Files.isDirectory(dir)) return best;
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "*.json")) {
            for (Path p : s) {
                List<Lens> lenses = read(p, name);
                FileTime t = Files.getLastModifiedTime(p);
                if (!lenses.isEmpty() && (newest == null || t.compareTo(newest) > 0)) {
                    best = lenses;
                    newest = t;
                }
            }
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
        return best;
    }

    private static List<Lens> read(Path profile, String fileName) throws IOException {
        JsonElement root = JsonParser.parseString(Files.readString(profile, StandardCharsets.UTF_8));
        if (!root.isJsonObject() || !root.getAsJsonObject().has("entries")) return List.of();
        JsonArray entries = root.getAsJsonObject().getAsJsonArray("entries");
        List<Lens> out = new ArrayList<>();
        for (JsonElement e : entries) {
            JsonObject o = e.getAsJsonObject();
            if (!fileName.equals(o.get("file").getAsString())) continue;
            double calls = median(o, "calls");
            double perCall = calls == 0 ? 0 : 1 / calls;
            out.add(new Lens(o.get("line").getAsInt() - 1, String.format(Locale.ROOT, "%s: %s msgs/rank, %s, waited %s median, %d calls",
                    o.get("operation").getAsString(), number(median(o, "messages") * perCall), size(median(o, "bytes") * perCall),
                    millis(median(o, "waitNanos")), (long) calls)));
        }
        return out;
    }

    private static double median(JsonObject entry, String quantity) {
        return entry.getAsJsonObject(quantity).get("median").getAsDouble();
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String size(double bytes) {
        if (bytes < 1024) return number(Math.rint(bytes)) + " B";
        if (bytes < 1024 * 1024) return String.format(Locale.ROOT, "%.1f KiB", bytes / 1024).replace(".0 ", " ");
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024 * 1024)).replace(".0 ", " ");
    }

    private static String millis(double nanos) {
        double ms = nanos / 1e6;
        return ms >= 100 ? String.format(Locale.ROOT, "%.0f ms", ms) : String.format(Locale.ROOT, "%.2g ms", ms);
    }

    /** The code lenses of {@code lenses}, each over the start of its line. */
    static List<CodeLens> codeLenses(List<Lens> lenses) {
        List<CodeLens> out = new ArrayList<>();
        for (Lens l : lenses) {
            Position at = new Position(l.line(), 0);
            out.add(new CodeLens(new Range(at, at), new Command(l.text(), ""), null));
        }
        return out;
    }

    /** The profile text of 0-based {@code line} (Markdown), or null. */
    static String hoverText(List<Lens> lenses, int line) {
        StringBuilder b = new StringBuilder();
        for (Lens l : lenses)
            if (l.line() == line) b.append(b.length() == 0 ? "**Communication profile** (last run)\n\n" : "\n\n").append(l.text());
        return b.length() == 0 ? null : b.toString();
    }
}

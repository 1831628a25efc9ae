package hpjava.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the previous build of one goal left, kept in a text file under {@code target/}: a fingerprint of everything
 * that is not a source (class path, translator), and for each .hpj source its content hash and the class files it
 * produced; for each .java file of the source path its size and modification time. A missing or unreadable file
 * means "nothing is known": everything is rebuilt.
 *
 * <p>Format, one record a line, tab-separated: {@code fingerprint HEX}; {@code hpj REL HASH CLASS,CLASS...};
 * {@code java PATH STAMP}.
 */
final class BuildState {
    /** One compiled .hpj source: its content hash and its class files (relative to the output directory). */
    record Unit(String hash, List<String> classFiles) {
        Unit {
            classFiles = List.copyOf(classFiles);
        }

        /** Simple names of the top-level types it declares (class files without '$'). */
        List<String> topLevelTypes() {
            List<String> l = new ArrayList<>();
            for (String c : classFiles) {
                String simple = c.substring(c.lastIndexOf('/') + 1, c.length() - ".class".length());
                if (simple.indexOf('$') < 0) l.add(simple);
            }
            return l;
        }
    }

    String fingerprint = "";
    final Map<String, Unit> units = new LinkedHashMap<>();
    final Map<String, String> javaStamps = new LinkedHashMap<>();

    static BuildState read(Path file) {
        BuildState s = new BuildState();
        if (!Files.isRegularFile(file)) return s;
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] f = line.split("\t", -1);
                switch (f[0]) {
                    case "fingerprint" -> s.fingerprint = f[1];
                    case "hpj" -> s.units.put(f[1], new Unit(f[2], f[3].isEmpty() ? List.of() : List.of(f[3].split(","))));
                    case "java" -> s.javaStamps.put(f[1], f[2]);
                    default -> throw new IOException("unknown record " + f[0]);
                }
            }
            return s;
        } catch (IOException | RuntimeException e) {
            return new BuildState(); // unreadable: rebuild everything
        }
    }

    void write(Path file) throws IOException {
        StringBuilder b = new StringBuilder("fingerprint\t").append(fingerprint).append('\n');
        units.forEach((rel, u) -> b.append("hpj\t").append(rel).append('\t').append(u.hash()).append('\t')
                .append(String.join(",", u.classFiles())).append('\n'));
        javaStamps.forEach((p, st) -> b.append("java\t").append(p).append('\t').append(st).append('\n'));
        Files.createDirectories(file.getParent());
        Files.writeString(file, b, StandardCharsets.UTF_8);
    }
}

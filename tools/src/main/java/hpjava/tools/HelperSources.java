package hpjava.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import hpjava.compiler.compile.SourceFileRewriter;

/**
 * The plain {@code .java} helper classes a program's {@code .hpj} files use from their own directories (as
 * {@code java Prog.java} finds the program's other classes beside it): the compiler takes them from that source path
 * on demand, and a cached program records which helper files went into it, with their hashes, so that editing a
 * helper recompiles the program.
 */
final class HelperSources {
    /** The file of a cache entry listing its helper sources: one "hash path" line each. */
    static final String LIST = "java-helpers.txt";

    private HelperSources() {
    }

    /** Whether every helper recorded in {@code entry} is unchanged (true when none was used). */
    static boolean unchanged(Path entry) throws IOException {
        Path list = entry.resolve(LIST);
        if (!Files.isRegularFile(list)) return true;
        for (String line : Files.readAllLines(list, StandardCharsets.UTF_8)) {
            if (line.isBlank()) continue;
            int space = line.indexOf(' ');
            Path file = Path.of(line.substring(space + 1));
            if (!Files.isRegularFile(file) || !line.substring(0, space).equals(hash(Files.readAllBytes(file)))) return false;
        }
        return true;
    }

    /**
     * Records in {@code entry} the helper sources whose classes the compile wrote to {@code classes}: a class whose
     * source file attribute names a {@code .java} file found under one of {@code sourceDirs} at its package's path.
     */
    static void record(Path entry, Path classes, List<Path> sourceDirs) throws IOException {
        Set<Path> used = new LinkedHashSet<>();
        try (Stream<Path> all = Files.walk(classes)) {
            for (Path c : all.filter(f -> f.toString().endsWith(".class")).toList()) {
                String source = SourceFileRewriter.sourceFile(Files.readAllBytes(c));
                if (source == null || !source.endsWith(".java")) continue;
                Path pkg = classes.relativize(c).getParent();
                for (Path dir : sourceDirs) {
                    Path f = (pkg == null ? dir : dir.resolve(pkg.toString())).resolve(source);
                    if (Files.isRegularFile(f)) used.add(f.toAbsolutePath().normalize());
                }
            }
        }
        List<String> lines = new ArrayList<>();
        for (Path f : used) lines.add(hash(Files.readAllBytes(f)) + " " + f);
        Files.write(entry.resolve(LIST), lines, StandardCharsets.UTF_8);
    }

    static String hash(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

package hpjava.maven;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/** Hashes and stamps that decide what is stale. */
final class Fingerprints {
    private Fingerprints() {
    }

    static String sha256(byte[] data) {
        return HexFormat.of().formatHex(digest().digest(data));
    }

    /** Size and modification time of a file: its stamp (cheap; for the .java files of the source path). */
    static String stamp(Path file) throws IOException {
        return Files.size(file) + ":" + Files.getLastModifiedTime(file).toMillis();
    }

    /**
     * A hash of the class path (each jar's path and stamp; each directory's class files with their stamps, except
     * {@code ownOutput}, which this goal writes itself) and of {@code extra} (the translator's version).
     */
    static String ofClassPath(List<Path> classPath, Path ownOutput, String extra) throws IOException {
        MessageDigest md = digest();
        md.update(extra.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        for (Path p : classPath) {
            update(md, "|" + p);
            if (Files.isRegularFile(p)) update(md, stamp(p));
            else if (Files.isDirectory(p) && !p.toAbsolutePath().normalize().equals(ownOutput.toAbsolutePath().normalize())) {
                try (Stream<Path> s = Files.walk(p)) {
                    for (Path f : s.filter(Files::isRegularFile).sorted().toList()) update(md, p.relativize(f) + "=" + stamp(f));
                } catch (UncheckedIOException e) {
                    throw e.getCause();
                }
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }

    private static void update(MessageDigest md, String s) {
        md.update(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}

package hpjava.lsp;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import hpjava.compiler.HpjavaCompiler;

/**
 * The documents the client has open, the workspace folders and the configured class path; hands out analyses,
 * cached per text. Files of the project that are not open are read from disk (cached by modification time).
 * Thread-safe.
 */
final class Workspace {
    /** Files and folders never searched for .hpj sources (build output, hpjava's compile cache, VCS data). */
    private static final List<String> SKIPPED_DIRS = List.of("target", ".hpjava-cache", ".git", "node_modules");
    /** At most this many project files are read for cross-file navigation. */
    private static final int MAX_PROJECT_FILES = 500;

    private final Map<String, String> open = new ConcurrentHashMap<>();
    private final Map<String, Analysis> analyses = new ConcurrentHashMap<>();
    private final Map<Path, DiskText> diskTexts = new ConcurrentHashMap<>();

    private record DiskText(long modified, String text) {
    }
    private volatile List<Path> roots = List.of();
    private volatile List<Path> userClassPath = List.of();

    void setRoots(List<Path> roots) {
        this.roots = List.copyOf(roots);
    }

    void setUserClassPath(List<Path> classPath) {
        this.userClassPath = List.copyOf(classPath);
    }

    void open(String uri, String text) {
        open.put(uri, text);
    }

    void change(String uri, String text) {
        open.put(uri, text);
    }

    void close(String uri) {
        open.remove(uri);
        analyses.remove(uri);
    }

    boolean isOpen(String uri) {
        return open.containsKey(uri);
    }

    String text(String uri) {
        return open.get(uri);
    }

    /** The analysis of the open document's current text (null if the document is not open). */
    Analysis analysis(String uri) {
        String text = open.get(uri);
        if (text == null) return null;
        Analysis a = analyses.get(uri);
        if (a != null && a.text().equals(text)) return a;
        a = Analyzer.analyze(uri, sourceName(uri), text);
        analyses.put(uri, a);
        return a;
    }

    /**
     * The open documents and every .hpj file of the document's folder and of the workspace folders, analysed (open
     * documents with their editor text). Used for definition and references across files.
     */
    List<Analysis> project(String uri) {
        Map<String, Analysis> all = new LinkedHashMap<>();
        for (String u : open.keySet()) all.put(u, analysis(u));
        for (Path p : projectFiles(uri)) {
            String u = p.toUri().toString();
            if (all.containsKey(u) || open.containsKey(u)) continue;
            String text = diskText(p);
            if (text == null) continue;
            Analysis a = analyses.get(u);
            if (a == null || !a.text().equals(text)) {
                a = Analyzer.analyze(u, p.toString(), text);
                analyses.put(u, a);
            }
            all.put(u, a);
        }
        all.values().removeIf(java.util.Objects::isNull);
        return new ArrayList<>(all.values());
    }

    /** The other .hpj files of the document's folder (editor text when open), for compiling it with ECJ. */
    List<Analyzer.SourceText> siblings(String uri) {
        Path self = path(uri);
        List<Analyzer.SourceText> l = new ArrayList<>();
        if (self == null || self.getParent() == null) return l;
        try (Stream<Path> s = Files.list(self.getParent())) {
            for (Path p : s.filter(f -> f.toString().endsWith(".hpj") && !f.equals(self)).sorted().toList()) {
                String u = p.toUri().toString();
                String text = open.containsKey(u) ? open.get(u) : diskText(p);
                if (text != null) l.add(new Analyzer.SourceText(p.toString(), text));
            }
        } catch (IOException | SecurityException e) {
            // an unreadable folder: compile the file alone
        }
        return l;
    }

    /**
     * What ECJ compiles against: the jars of the directory named by property {@value #PROGRAM_LIBS} (set by
     * bin/hpjava-language-server to dist/target/lib, the class path bin/hpjavac gives programs), else the server's
     * own library jars (runtime, Adlib, mpjdev); then the configured class path.
     */
    List<Path> classPath() {
        List<Path> cp = new ArrayList<>(programLibraries());
        cp.addAll(userClassPath);
        return cp;
    }

    /** Property naming the directory of the libraries programs compile against. */
    static final String PROGRAM_LIBS = "hpjava.lsp.programLibs";

    private static List<Path> programLibraries() {
        String dir = System.getProperty(PROGRAM_LIBS);
        if (dir != null && Files.isDirectory(Path.of(dir))) {
            try (Stream<Path> s = Files.list(Path.of(dir))) {
                return s.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
            } catch (IOException e) {
                // unreadable: fall back to the server's own jars
            }
        }
        List<Path> cp = new ArrayList<>();
        for (Path p : HpjavaCompiler.toolClassPath()) {
            String f = p.getFileName().toString();
            if (!f.startsWith("org.eclipse.lsp4j") && !f.startsWith("gson")) cp.add(p);
        }
        return cp;
    }

    /** The name hpjavac gives the document in messages: its file path, or the URI when it is no file. */
    static String sourceName(String uri) {
        Path p = path(uri);
        return p != null ? p.toString() : uri;
    }

    static Path path(String uri) {
        try {
            URI u = URI.create(uri);
            return "file".equals(u.getScheme()) ? Path.of(u) : null;
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return null;
        }
    }

    private List<Path> projectFiles(String uri) {
        List<Path> dirs = new ArrayList<>(roots);
        Path self = path(uri);
        if (self != null && self.getParent() != null) dirs.add(self.getParent());
        List<Path> files = new ArrayList<>();
        for (Path d : dirs) {
            boolean recursive = roots.contains(d);
            try (Stream<Path> s = recursive ? Files.walk(d, 12) : Files.list(d)) {
                s.filter(p -> p.toString().endsWith(".hpj") && Files.isRegularFile(p) && !skipped(d, p))
                        .limit(MAX_PROJECT_FILES)
                        .forEach(p -> { if (!files.contains(p)) files.add(p); });
            } catch (IOException | RuntimeException e) {
                // unreadable folder: skip it
            }
        }
        return files;
    }

    private static boolean skipped(Path root, Path p) {
        for (Path part : root.relativize(p)) if (SKIPPED_DIRS.contains(part.toString())) return true;
        return false;
    }

    private String diskText(Path p) {
        try {
            long mtime = Files.getLastModifiedTime(p).toMillis();
            DiskText cached = diskTexts.get(p);
            if (cached != null && cached.modified() == mtime) return cached.text();
            String text = Files.readString(p, StandardCharsets.UTF_8);
            diskTexts.put(p, new DiskText(mtime, text));
            return text;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}

package hpjava.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import javax.lang.model.SourceVersion;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The program part of {@code hpjava run}: what follows the options. The rule:
 * <ol>
 * <li>the program is either a run of {@code .hpj} files and directories (every {@code .hpj} under a directory,
 *     compiled together), or one main class name;</li>
 * <li>everything after the program is the program's arguments;</li>
 * <li>an argument there that is an option of {@code hpjava run} ({@code --np 4}, {@code -cp x}, {@code --debug},
 *     {@code --np=4}) is refused, since it is almost always meant for hpjava: put it before the program, or write
 *     {@code --} before it, after which every argument is the program's ({@code --} itself is dropped). A
 *     {@code --} before the program ends the options too; then nothing after the program is checked.</li>
 * </ol>
 *
 * @param sources the sources in the order given, each once (empty when the program is a class name)
 * @param mainClass the class name given as the program, or null
 * @param args the program's arguments
 * @param firstFile the base name of the first source when it was named as a file ({@code App} for
 *        {@code hpjava run App.hpj Grid.hpj}), else null: the main class when several declare main
 */
record ProgramLine(List<Path> sources, String mainClass, List<String> args, String firstFile) {

    boolean isSources() {
        return !sources.isEmpty();
    }

    /** The directories holding the sources (for a debugger's source path), each once. */
    List<Path> sourceDirs() {
        return sources.stream().map(p -> p.toAbsolutePath().normalize().getParent()).distinct().toList();
    }

    static ProgramLine split(List<String> positionals, CommandSpec run, boolean optionsEnded) {
        if (positionals.isEmpty()) throw new ToolSupport.UsageError("no program given: name its .hpj files, a directory, or a main class");
        Map<Path, Path> sources = new LinkedHashMap<>();
        int i = 0;
        for (; i < positionals.size() && isSource(positionals.get(i)); i++) addSources(Path.of(positionals.get(i)), sources);
        String mainClass = null;
        if (i == 0) {
            mainClass = positionals.get(0);
            checkClassName(mainClass);
            i = 1;
        }
        List<String> args = new ArrayList<>();
        boolean ended = optionsEnded;
        for (String a : positionals.subList(i, positionals.size())) {
            if (!ended && a.equals("--")) {
                ended = true;
                continue;
            }
            if (!ended && isOurOption(a, run))
                throw new ToolSupport.UsageError("'" + a + "' comes after the program: put options before the program,"
                        + " or write -- before it to pass it to the program");
            args.add(a);
        }
        String first = positionals.get(0);
        String firstFile = first.endsWith(".hpj") ? Path.of(first).getFileName().toString().replaceFirst("\\.hpj$", "") : null;
        return new ProgramLine(List.copyOf(sources.values()), mainClass, args, firstFile);
    }

    private static boolean isSource(String arg) {
        return arg.endsWith(".hpj") || (!arg.startsWith("-") && Files.isDirectory(Path.of(arg)));
    }

    private static void addSources(Path p, Map<Path, Path> into) {
        if (Files.isDirectory(p)) {
            List<Path> found;
            try (Stream<Path> s = Files.walk(p)) {
                found = s.filter(f -> f.toString().endsWith(".hpj") && Files.isRegularFile(f)).sorted().toList();
            } catch (IOException e) {
                throw new ToolSupport.UsageError("cannot list directory '" + p + "': " + e.getMessage());
            }
            if (found.isEmpty()) throw new ToolSupport.UsageError("directory '" + p + "' holds no .hpj files");
            for (Path f : found) into.putIfAbsent(key(f), f);
            return;
        }
        if (!Files.exists(p)) throw new ToolSupport.UsageError("file not found: " + p);
        if (!Files.isRegularFile(p)) throw new ToolSupport.UsageError("'" + p + "' is not a file");
        into.putIfAbsent(key(p), p);
    }

    private static Path key(Path f) {
        try {
            return f.toRealPath();
        } catch (IOException e) {
            return f.toAbsolutePath().normalize();
        }
    }

    private static void checkClassName(String name) {
        boolean ok = !name.isEmpty();
        for (String part : name.split("\\.", -1)) ok &= SourceVersion.isIdentifier(part) && !SourceVersion.isKeyword(part);
        if (ok) return;
        if (name.startsWith("-")) throw new ToolSupport.UsageError("unknown option '" + name + "'");
        if (name.endsWith(".java") || name.endsWith(".class"))
            throw new ToolSupport.UsageError("'" + name + "': hpjava run takes .hpj sources, or the name of a compiled main class (e.g. Laplace)");
        throw new ToolSupport.UsageError("'" + name + "' is neither a .hpj file, a directory, nor a class name");
    }

    private static boolean isOurOption(String arg, CommandSpec run) {
        if (!arg.startsWith("-") || arg.equals("-")) return false;
        for (OptionSpec o : run.options()) {
            for (String name : o.names()) {
                if (arg.equals(name)) return true;
                if (arg.startsWith(name + "=") && name.startsWith("--")) return true;
                if (name.equals("-D") && arg.startsWith("-D") && arg.length() > 2) return true;
            }
        }
        return false;
    }
}

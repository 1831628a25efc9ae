package hpjava.tools;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

import hpjava.mpjdev.profile.ProfileRecorder;
import hpjava.mpjdev.profile.ProfileReport;

/**
 * {@code hpjava run --comm-profile[=FILE.json]}: the ranks write their profiles ({@link ProfileRecorder}) into a
 * fresh directory named by a property every rank sees; when the job has ended normally the launcher merges them,
 * prints the table on standard error and writes the JSON (docs/PROFILING.md) to FILE, by default
 * {@code .hpjava-profile/NAME.json} beside the program's first source (or in the working directory for a main class),
 * where the language server finds it.
 */
final class CommProfileRun {
    private final Path directory;
    private final Path output;

    private CommProfileRun(Path directory, Path output) {
        this.directory = directory;
        this.output = output;
    }

    /** Sets up the profile of a job: the ranks' directory goes into {@code properties}. */
    static CommProfileRun prepare(String file, ProgramLine line, Map<String, String> properties) throws IOException {
        Path out;
        if (file != null && !file.isEmpty()) out = Path.of(file);
        else if (line.isSources()) {
            Path first = line.sources().get(0).toAbsolutePath();
            String name = line.firstFile() != null ? line.firstFile() : first.getFileName().toString().replaceFirst("\\.hpj$", "");
            out = first.getParent().resolve(".hpjava-profile").resolve(name + ".json");
        } else out = Path.of(".hpjava-profile", line.mainClass() + ".json");
        Path dir = Files.createTempDirectory("hpjava-profile-");
        properties.put(ProfileRecorder.DIRECTORY_PROPERTY, dir.toString());
        return new CommProfileRun(dir, out.toAbsolutePath());
    }

    /** After the job: prints and writes the profile if it ended normally ({@code status} 0); removes the ranks' files. */
    void finish(int status, int ranks, String backend, PrintWriter err) {
        try {
            if (status == 0) {
                ProfileReport report = ProfileReport.read(directory, ranks);
                err.print(report.table());
                Files.createDirectories(output.getParent());
                Files.writeString(output, report.json(backend), StandardCharsets.UTF_8);
                err.println("communication profile written to " + output);
            } else {
                err.println("hpjava: no communication profile: the job did not end normally");
            }
        } catch (IOException e) {
            err.println("hpjava: communication profile: " + e.getMessage());
        } finally {
            err.flush();
            delete(directory);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind is harmless
        }
    }
}

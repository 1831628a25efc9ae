package hpjava.junit;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * The files through which a job's ranks get their task and give back their outcome; files, so that ranks in other
 * processes (mpi, ucx) work as the threads of mt do. Layout: {@code task.ser}; per rank {@code rank-R.started} (process
 * id and thread name), then {@code rank-R.value} (the serialized return value) or {@code rank-R.failure} (text). Each
 * outcome is written to a temporary name and moved into place, so a reader never sees half a file.
 */
record JobDirectory(Path dir) {

    static JobDirectory create() throws IOException {
        return new JobDirectory(Files.createTempDirectory("hpjava-junit-"));
    }

    void writeTask(RankTask task) throws IOException {
        Files.write(dir.resolve("task.ser"), RankTask.serialize(task));
    }

    RankTask readTask() throws IOException, ClassNotFoundException {
        return (RankTask) RankTask.deserialize(Files.readAllBytes(dir.resolve("task.ser")), RankTask.class.getClassLoader());
    }

    void started(int rank) throws IOException {
        publish("rank-" + rank + ".started", (ProcessHandle.current().pid() + "\t" + Thread.currentThread().getName()).getBytes());
    }

    void value(int rank, byte[] serialized) throws IOException {
        publish("rank-" + rank + ".value", serialized);
    }

    void failure(int rank, Throwable t) throws IOException {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        publish("rank-" + rank + ".failure", RankFailure.trim(w.toString()).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** The process id of a rank that has started, if it has. */
    Optional<Long> pid(int rank) {
        try {
            String s = Files.readString(dir.resolve("rank-" + rank + ".started"));
            return Optional.of(Long.parseLong(s.substring(0, s.indexOf('\t'))));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    Optional<byte[]> value(int rank) throws IOException {
        Path p = dir.resolve("rank-" + rank + ".value");
        return Files.isRegularFile(p) ? Optional.of(Files.readAllBytes(p)) : Optional.empty();
    }

    Optional<String> failure(int rank) throws IOException {
        Path p = dir.resolve("rank-" + rank + ".failure");
        return Files.isRegularFile(p) ? Optional.of(Files.readString(p)) : Optional.empty();
    }

    private void publish(String name, byte[] data) throws IOException {
        Path tmp = dir.resolve(name + ".tmp");
        Files.write(tmp, data);
        Files.move(tmp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    void delete() {
        try (var s = Files.list(dir)) {
            for (Path p : s.toList()) Files.deleteIfExists(p);
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // a temporary directory: best effort
        }
    }
}

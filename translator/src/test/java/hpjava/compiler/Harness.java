package hpjava.compiler;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import hpjava.compiler.parse.SourceUnit;
import hpjava.mpjdev.Launcher;

/** Compiles test .hpj resources with the translator and runs them on the mt backend in this JVM. */
final class Harness {
    private Harness() {
    }

    static String resource(String path) throws IOException {
        try (InputStream in = Harness.class.getResourceAsStream("/" + path)) {
            if (in == null) throw new IllegalArgumentException("no test resource " + path);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static SourceUnit unit(String path) throws IOException {
        return SourceUnit.parse(path.substring(path.lastIndexOf('/') + 1), resource(path));
    }

    /** This JVM's class path: runtime, mpjdev, translator. */
    static List<Path> classPath() {
        List<Path> l = new ArrayList<>();
        for (String s : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) l.add(Path.of(s));
        return l;
    }

    static HpjavaCompiler.Result compile(Path dir, String... paths) throws IOException {
        List<SourceUnit> units = new ArrayList<>();
        for (String p : paths) units.add(unit(p));
        return HpjavaCompiler.compile(units, new HpjavaCompiler.Options(Phase.COMPILE, classPath(),
                dir.resolve("classes"), dir.resolve("java")));
    }

    /** The outcome of a job: exit status and what went to standard error. */
    record Run(int status, String err) {
    }

    /** Runs {@code mainClass} from {@code classes} on {@code np} mt ranks; fails after 60 s printing every rank's stack. */
    static Run run(Path classes, String mainClass, int np) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int status = assertTimeoutPreemptively(Duration.ofSeconds(60),
                    () -> Launcher.run("--np", Integer.toString(np), "-cp", classes.toString(), mainClass),
                    Harness::rankStacks);
            return new Run(status, err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(saved);
            saved.print(err.toString(StandardCharsets.UTF_8));
        }
    }

    /** Every live thread's stack (the mt ranks among them), for a timeout message. */
    static String rankStacks() {
        StringBuilder sb = new StringBuilder("job timed out; threads:\n");
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            sb.append(e.getKey().getName()).append(" (").append(e.getKey().getState()).append(")\n");
            for (StackTraceElement s : e.getValue()) sb.append("    at ").append(s).append('\n');
        }
        return sb.toString();
    }
}

package hpjava.tools;

import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Running the tools in tests: in this JVM (exit status and messages) or as a user does, in a JVM of their own. */
record ToolRun(int status, String out, String err) {

    static ToolRun hpjavac(String... args) {
        return inProcess(true, args);
    }

    static ToolRun hpjava(String... args) {
        return inProcess(false, args);
    }

    private static ToolRun inProcess(boolean compiler, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8), e = new PrintStream(err, true, StandardCharsets.UTF_8);
        int status = compiler ? Hpjavac.run(args, o, e) : Hpjava.run(args, o, e);
        return new ToolRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** {@code java -cp <this class path> hpjava.tools.Hpjava args} in {@code dir}, killed after 120 s (failing the test). */
    static ToolRun hpjavaJvm(Path dir, String... args) {
        JobRun r = ChildProcess.java(List.of(), ChildProcess.testClassPath(), Hpjava.class.getName(), List.of(args))
                .describedAs("hpjava " + String.join(" ", args)).directory(dir).timeout(Duration.ofSeconds(120)).run();
        return new ToolRun(r.exitStatus(), r.stdout(), r.stderr());
    }

    /** The class path of compiled programs in tests: this JVM's (runtime, adlib, mpjdev). */
    static String programClassPath() {
        return System.getProperty("java.class.path");
    }

    @Override
    public String toString() {
        return "status " + status + "\n--- out:\n" + out + "--- err:\n" + err;
    }
}

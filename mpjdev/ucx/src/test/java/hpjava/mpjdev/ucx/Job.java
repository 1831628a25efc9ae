package hpjava.mpjdev.ucx;

import hpjava.testsupport.ChildProcess;
import hpjava.testsupport.JobRun;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A ucx job run through {@link hpjava.mpjdev.Launcher} in a child JVM with a time limit ({@link ChildProcess}): on
 * timeout the test fails with the job's output and the thread dump of every JVM of the job, and the job is killed.
 * Stdout and stderr are merged, each line prefixed with its rank.
 */
record Job(int exitStatus, String output) {

    static Job run(int np, Duration timeout, String mainClass, String... args) {
        List<String> launcherArgs = new ArrayList<>(List.of("--backend", "ucx", "--np", Integer.toString(np),
                "--prefix-output",
                // rank JVMs of these short jobs start faster with one compiler tier and the serial collector
                "--option", "jvm-args=-XX:TieredStopAtLevel=1 -XX:+UseSerialGC", mainClass));
        launcherArgs.addAll(List.of(args));
        JobRun r = ChildProcess.java(List.of(), ChildProcess.testClassPath(), "hpjava.mpjdev.Launcher", launcherArgs)
                .describedAs("ucx job " + mainClass + " " + String.join(" ", args) + " at np=" + np)
                .timeout(timeout).mergeStreams().run();
        return new Job(r.exitStatus(), r.output());
    }

    /** Lines of the output that start with {@code prefix} after the {@code [rank] } prefix. */
    long count(String prefix) {
        return output.lines().filter(l -> l.replaceFirst("^\\[\\d+\\] ", "").startsWith(prefix)).count();
    }
}

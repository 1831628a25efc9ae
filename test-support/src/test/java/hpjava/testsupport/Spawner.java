package hpjava.testsupport;

import java.util.List;

/** A child that starts a grandchild JVM ({@link Sleeper}), prints its pid as {@code grandchild PID}, then waits for it. */
public final class Spawner {
    public static void main(String[] args) throws Exception {
        Process p = new ProcessBuilder(ChildProcess.javaCommand(List.of(), System.getProperty("java.class.path"),
                Sleeper.class.getName(), List.of())).inheritIO().start();
        System.out.println("grandchild " + p.pid());
        System.out.flush();
        p.waitFor();
    }
}

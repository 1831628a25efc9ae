package hpjava.mpjdev.spi;

import hpjava.mpjdev.Comm;
import hpjava.mpjdev.JobAbortedException;
import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.RankContext;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.function.Consumer;

/** Running a program's main class in a rank, shared by all backends so that every backend behaves alike. */
public final class ProgramRunner {

    private ProgramRunner() {
    }

    /**
     * The main method of {@code mainClass}, loaded by {@code loader}, chosen as the java launcher chooses it (JLS
     * 12.1.4): {@code main(String[])} before {@code main()}, static or instance (then each call creates an instance
     * with the class's no-argument constructor: one per rank), not private, returning void. The handle takes the
     * arguments either way.
     *
     * @throws IllegalArgumentException with a message for the user if the class is missing or has no such method
     */
    public static MethodHandle findMain(ClassLoader loader, String mainClass) {
        Class<?> c;
        try {
            c = Class.forName(mainClass, false, loader);
        } catch (ClassNotFoundException | NoClassDefFoundError e) {
            throw new IllegalArgumentException("main class " + mainClass + " not found on the class path"
                    + (e instanceof NoClassDefFoundError ? " (" + e.getMessage() + ")" : ""));
        }
        try {
            Method m = mainMethod(c);
            if (m == null) throw new NoSuchMethodException();
            // As the java launcher does, a main of a class that is not public runs too (class Foo {...} in a file of
            // its own, as HPJava 1.0 programs often declare it, or a compact source file): the program's code is
            // the caller's to run.
            m.setAccessible(true);
            MethodHandle main = MethodHandles.lookup().unreflect(m);
            boolean instance = !Modifier.isStatic(m.getModifiers());
            if (m.getParameterCount() == 0) main = MethodHandles.dropArguments(main, instance ? 1 : 0, String[].class);
            if (!instance) return main;
            Constructor<?> k = noArgumentConstructor(c);
            k.setAccessible(true);
            return MethodHandles.collectArguments(main, 0, MethodHandles.lookup().unreflectConstructor(k));
        } catch (NoSuchMethodException | IllegalAccessException | RuntimeException e) {
            throw new IllegalArgumentException("class " + mainClass + " has no main method that can be launched: "
                    + "void main(String[]) or void main(), static or with a no-argument constructor"
                    + (e.getMessage() != null ? " (" + e.getMessage() + ")" : ""));
        }
    }

    /** The constructor an instance main is called on. */
    private static Constructor<?> noArgumentConstructor(Class<?> c) throws NoSuchMethodException {
        try {
            Constructor<?> k = c.getDeclaredConstructor();
            if (!Modifier.isPrivate(k.getModifiers())) return k;
        } catch (NoSuchMethodException e) {
            // reported below
        }
        throw new NoSuchMethodException("main is an instance method, and the class has no non-private constructor "
                + "without arguments");
    }

    /** {@code main(String[])}, else {@code main()}, declared or inherited, not private and void; or null. */
    private static Method mainMethod(Class<?> c) {
        for (Class<?>[] params : List.of(new Class<?>[] {String[].class}, new Class<?>[0])) {
            for (Class<?> k = c; k != null; k = k.getSuperclass()) {
                try {
                    Method m = k.getDeclaredMethod("main", params);
                    if (Modifier.isPrivate(m.getModifiers()) || m.getReturnType() != void.class) return null;
                    return m;
                } catch (NoSuchMethodException e) {
                    // look in the superclass
                }
            }
        }
        return null;
    }

    /**
     * Invokes {@code main} with a copy of {@code args}, then the rank's {@link RankContext#atEnd} actions; the
     * program's exceptions propagate unchanged.
     */
    public static void invoke(MethodHandle main, String[] args) throws Throwable {
        main.invokeExact(args.clone());
        RankContext.find().ifPresent(RankContext::runEndActions);
    }

    /** Prints the standard report of a rank's uncaught exception: {@code mpjdev: rank R failed: <exception>} and its stack trace. */
    public static void reportFailure(int rank, Throwable t, PrintStream err) {
        synchronized (err) {
            err.print(failureReport(rank, t));
            err.flush();
        }
    }

    /**
     * The text {@link #reportFailure} prints, newline-terminated: the exception and its stack trace down to the
     * program's {@code main}. The launcher's frames below it (this class's {@code invoke} and what called it: the mt
     * job's rank thread, the mpi/ucx rank main) are cut from the exception's trace and from each "Caused by": they
     * are how the rank was started, the same in every job, and not the user's code. A rank that only stopped because
     * the job was already ending ({@link JobAbortedException}, e.g. blocked in a receive from the rank that failed)
     * gets one line: its trace would only show where it waited, and the reason is the other rank's report. So does a
     * {@link ReportedFailure}, whose trace its harness shows.
     */
    public static String failureReport(int rank, Throwable t) {
        if (t instanceof ReportedFailure r)
            return "mpjdev: rank " + rank + " failed: " + r.getMessage() + " (" + r.where() + ")" + System.lineSeparator();
        if (t instanceof JobAbortedException)
            return "mpjdev: rank " + rank + " stopped because the job is ending: " + t.getMessage() + System.lineSeparator();
        StringWriter text = new StringWriter();
        PrintWriter w = new PrintWriter(text);
        w.println("mpjdev: rank " + rank + " failed: " + t);
        t.printStackTrace(w);
        w.flush();
        return withoutLauncherFrames(text.toString());
    }

    /** {@code stackTrace} (as {@code printStackTrace} writes it) without the frames from {@link #invoke}'s down, in every section. */
    static String withoutLauncherFrames(String stackTrace) {
        StringBuilder kept = new StringBuilder();
        boolean belowMain = false;
        for (String line : stackTrace.split("\\R")) {
            String s = line.strip();
            boolean frame = s.startsWith("at ") || s.startsWith("... ");
            if (!frame) belowMain = false;
            else if (s.startsWith(LAUNCHER_FRAME)) belowMain = true;
            // "... N more" counts frames shared with the enclosing trace, launcher frames included: not kept
            if (!belowMain && !s.startsWith("... ")) kept.append(line).append(System.lineSeparator());
        }
        return kept.toString();
    }

    private static final String LAUNCHER_FRAME = "at " + ProgramRunner.class.getName() + ".invoke(";

    /**
     * For one-rank-per-process backends: runs this process's rank of the job. Builds the rank's
     * {@link ProgramClassLoader} over {@code spec.classPath()}, binds the {@link RankContext} to the process, sets the
     * thread context class loader, runs the main class, and returns 0, or 1 after reporting an uncaught exception
     * (the backend then aborts the job so the other ranks are released).
     */
    public static int runProcessRank(Comm world, LaunchSpec spec) {
        return runProcessRank(world, spec, report -> {
            System.err.print(report);
            System.err.flush();
        });
    }

    /**
     * As {@link #runProcessRank(Comm, LaunchSpec)}, but the failure report (newline-terminated text) goes to
     * {@code failureReport} instead of standard error: a backend that must get it past an unreliable output path.
     */
    public static int runProcessRank(Comm world, LaunchSpec spec, Consumer<String> failureReport) {
        ProgramClassLoader loader = new ProgramClassLoader(world.id(), spec.classPath(), ProgramRunner.class.getClassLoader());
        RankContext.bindProcess(new RankContext(world.id(), world, loader));
        Thread.currentThread().setContextClassLoader(loader);
        try {
            invoke(findMain(loader, spec.mainClass()), spec.args().toArray(new String[0]));
            return 0;
        } catch (IllegalArgumentException e) {
            failureReport.accept("mpjdev: rank " + world.id() + ": " + e.getMessage() + System.lineSeparator());
            return 1;
        } catch (Throwable t) {
            failureReport.accept(failureReport(world.id(), t));
            return 1;
        }
    }
}

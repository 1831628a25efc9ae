package hpjava.compiler;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Runs the translator's recursive walks (ANTLR's parser, the attribution, checking and lowering walks, ECJ) on a
 * platform thread with a large stack, so that any nesting javac accepts (at least 1000 levels of blocks,
 * parentheses, {@code overall}/{@code on}/{@code at}, generics and {@code else if} chains) compiles instead of
 * overflowing the caller's stack (a default 1 MB thread stack overflows at about 150 nested {@code overall}s).
 *
 * <p>{@value #STACK_BYTES} bytes of stack are reserved, not committed: the memory is touched only as deep as the
 * source nests. A call from a thread that is already a deep-stack thread runs directly.
 */
public final class DeepStack {
    /** The stack of the compiler thread: 1 GiB (reserved address space; DeepNestingTest runs depth 1000 on it). */
    public static final long STACK_BYTES = 1L << 30;

    private static final ThreadLocal<Boolean> ON_DEEP_STACK = ThreadLocal.withInitial(() -> false);

    private DeepStack() {
    }

    /** Thrown by {@link #call} when even the deep stack overflowed: the source nests beyond what the translator handles. */
    public static final class TooDeepException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooDeepException(StackOverflowError cause) {
            super("the source nests too deeply for the translator (its stack of " + (STACK_BYTES >> 20)
                    + " MB overflowed)", cause, false, false);
        }
    }

    /**
     * Runs {@code work} on a deep-stack thread and returns its result; its exceptions propagate unchanged (checked
     * ones as thrown by {@code work}), a {@link StackOverflowError} as {@link TooDeepException}.
     */
    public static <T, E extends Exception> T call(Work<T, E> work) throws E {
        if (ON_DEEP_STACK.get()) return runGuarded(work);
        FutureTask<T> task = new FutureTask<>(() -> {
            ON_DEEP_STACK.set(true);
            return runGuarded(work);
        });
        Thread t = new Thread(null, task, "hpjavac-deep-stack", STACK_BYTES);
        t.setDaemon(true);
        t.start();
        try {
            return task.get();
        } catch (InterruptedException e) {
            t.interrupt();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while compiling", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) throw r;
            if (c instanceof Error err) throw err;
            @SuppressWarnings("unchecked")
            E checked = (E) c;
            throw checked;
        }
    }

    private static <T, E extends Exception> T runGuarded(Work<T, E> work) throws E {
        try {
            return work.run();
        } catch (StackOverflowError e) {
            throw new TooDeepException(e);
        }
    }

    /** A piece of compiler work that may throw {@code E}. */
    @FunctionalInterface
    public interface Work<T, E extends Exception> {
        T run() throws E;
    }
}

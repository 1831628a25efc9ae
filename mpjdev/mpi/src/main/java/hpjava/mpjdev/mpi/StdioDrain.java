package hpjava.mpjdev.mpi;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

/**
 * Waits until the MPI launcher has read what this process wrote to its standard output and error, when they are pipes
 * (as under MPICH's hydra): {@code ioctl(fd, FIONREAD)} on a pipe's write end counts the bytes its reader has not yet
 * read. Hydra's proxy forwards what it reads at once, ahead of a later abort, so a report it has read is not lost
 * (see {@link FailureReport}). Streams that are not pipes (a terminal, a file, Open MPI's pseudo-terminal) are not
 * waited for. Linux only; elsewhere it returns at once.
 */
final class StdioDrain {
    /** {@code FIONREAD} of Linux's generic ioctl numbers (x86-64, AArch64). */
    private static final long FIONREAD = 0x541B;
    private static final long POLL_NANOS = 1_000_000;
    private static final MethodHandle IOCTL = ioctl();

    private StdioDrain() {}

    /** Returns once fds 1 and 2 have no unread bytes, or after {@code timeoutMillis}. */
    static void await(long timeoutMillis) {
        if (IOCTL == null) return;
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        for (int fd = 1; fd <= 2; fd++) {
            if (!isPipe(fd)) continue;
            while (unread(fd) > 0 && System.nanoTime() < deadline) LockSupport.parkNanos(POLL_NANOS);
        }
    }

    /** Bytes written to {@code fd} (a pipe) that its reader has not read; 0 when unknown. */
    static int unread(int fd) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment count = arena.allocate(ValueLayout.JAVA_INT);
            int rc = (int) IOCTL.invokeExact(fd, FIONREAD, count);
            return rc == 0 ? count.get(ValueLayout.JAVA_INT, 0) : 0;
        } catch (Throwable e) {
            return 0;
        }
    }

    static boolean isPipe(int fd) {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString().startsWith("pipe:");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    private static MethodHandle ioctl() {
        try {
            Linker linker = Linker.nativeLinker();
            return linker.defaultLookup().find("ioctl").map(f -> linker.downcallHandle(f,
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS),
                    Linker.Option.firstVariadicArg(2))).orElse(null);
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }
}

package hpjava.mpi.portable;

import java.util.concurrent.locks.LockSupport;

/**
 * What a test that found nothing does before returning. A program's polling loop ({@code while (!req.test())}) on a
 * virtual thread - mt runs ranks as virtual threads beyond the core count - would otherwise keep its carrier busy and
 * starve the very ranks it waits for; parking a microsecond unmounts it. Platform threads return at once (the OS
 * schedules them).
 */
final class IdlePoll {

    private IdlePoll() {
    }

    static void pause() {
        if (Thread.currentThread().isVirtual()) LockSupport.parkNanos(1_000);
    }
}

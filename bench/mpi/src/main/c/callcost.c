/* The cost of one MPI call from C, the baseline of FfmCallCost.java (bench/mpi/floor.sh): one rank alone, N calls of
 *   MPI_Comm_rank(MPI_COMM_WORLD, &r)                         (returns at once: the cost of calling the library)
 *   MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE)   (one pass of the progress engine)
 * timed with clock_gettime(CLOCK_MONOTONIC) around the loop. Prints "c CALL N ns-per-call" REPS times per call.
 * usage: LAUNCHER -n 1 callcost N REPS */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    long n = argc > 1 ? atol(argv[1]) : 10000000L;
    int reps = argc > 2 ? atoi(argv[2]) : 5;
    if (n < 1 || reps < 1) {
        fprintf(stderr, "usage: callcost N REPS (both positive)\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    volatile int sink = 0;
    for (int r = -1; r < reps; r++) { /* r = -1: warm-up */
        int rank = 0, flag = 0;
        double t0 = now_ns();
        for (long i = 0; i < n; i++) { MPI_Comm_rank(MPI_COMM_WORLD, &rank); sink += rank; }
        double t1 = now_ns();
        for (long i = 0; i < n; i++) { MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE); sink += flag; }
        double t2 = now_ns();
        if (r >= 0) {
            printf("c comm_rank %ld %.3f\n", n, (t1 - t0) / n);
            printf("c iprobe %ld %.3f\n", n, (t2 - t1) / n);
        }
    }
    fflush(stdout);
    MPI_Finalize();
    return 0;
}

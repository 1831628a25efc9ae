/*
 * The C side of bench/mpi-api: OSU-style loops over MPI, the same protocol as src/java/mpiapibench/OsuLoops.java.
 * usage: osu_loops TEST SIZE ITERS REPS [TEST SIZE ITERS REPS ...]
 *   lat: ping-pong between ranks 0 and 1, half round trip (us);   bw: rank 0 streams windows of 64 messages from 64
 *   distinct buffers to rank 1, which acks each window (MB/s);    bibw: both stream windows at once (MB/s);
 *   allreduce (doubles, SUM), bcast (root 0), alltoall (SIZE bytes to each rank): time per call (us).
 * Rank 0 prints "c TEST SIZE MEDIAN" for each test: the median over REPS repetitions of ITERS iterations.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW 64

static int rank, size;

static int cmp(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static double lat(char *buf, int bytes, int iters) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t = MPI_Wtime();
    for (int i = 0; i < iters; i++) {
        if (rank == 0) {
            MPI_Send(buf, bytes, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
            MPI_Recv(buf, bytes, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            MPI_Recv(buf, bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf, bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
        }
    }
    return (MPI_Wtime() - t) * 1e6 / (2.0 * iters);
}

static double bw(char **bufs, int bytes, int iters, int both) {
    MPI_Request req[2 * WINDOW];
    char ack[4];
    MPI_Barrier(MPI_COMM_WORLD);
    double t = MPI_Wtime();
    for (int i = 0; i < iters; i++) {
        int n = 0;
        if (rank <= 1) {
            int peer = 1 - rank;
            if (rank == 1 || both)
                for (int w = 0; w < WINDOW; w++)
                    MPI_Irecv(bufs[WINDOW + w], bytes, MPI_BYTE, peer, 2, MPI_COMM_WORLD, &req[n++]);
            if (rank == 0 || both)
                for (int w = 0; w < WINDOW; w++) MPI_Isend(bufs[w], bytes, MPI_BYTE, peer, 2, MPI_COMM_WORLD, &req[n++]);
            MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
            if (!both) {
                if (rank == 0) MPI_Recv(ack, 4, MPI_BYTE, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                else MPI_Send(ack, 4, MPI_BYTE, 0, 3, MPI_COMM_WORLD);
            }
        }
    }
    double s = MPI_Wtime() - t;
    return (both ? 2.0 : 1.0) * (double) bytes * WINDOW * iters / s / 1e6;
}

static double collective(const char *test, char *a, char *b, int bytes, int iters) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t = MPI_Wtime();
    for (int i = 0; i < iters; i++) {
        if (!strcmp(test, "allreduce")) MPI_Allreduce(a, b, bytes / 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        else if (!strcmp(test, "bcast")) MPI_Bcast(a, bytes, MPI_BYTE, 0, MPI_COMM_WORLD);
        else MPI_Alltoall(a, bytes, MPI_BYTE, b, bytes, MPI_BYTE, MPI_COMM_WORLD);
    }
    return (MPI_Wtime() - t) * 1e6 / iters;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int k = 1; k + 3 < argc; k += 4) {
        const char *test = argv[k];
        int bytes = atoi(argv[k + 1]), iters = atoi(argv[k + 2]), reps = atoi(argv[k + 3]);
        char *bufs[2 * WINDOW];
        for (int w = 0; w < 2 * WINDOW; w++) { bufs[w] = malloc(bytes + 8); memset(bufs[w], w, bytes + 8); }
        char *a = malloc((size_t) bytes * size + 8), *b = malloc((size_t) bytes * size + 8);
        memset(a, 1, (size_t) bytes * size + 8);
        memset(b, 0, (size_t) bytes * size + 8);
        double *v = malloc(sizeof(double) * reps);
        for (int r = -1; r < reps; r++) {   /* r = -1: warm-up */
            double x;
            if (!strcmp(test, "lat")) x = lat(bufs[0], bytes, iters);
            else if (!strcmp(test, "bw")) x = bw(bufs, bytes, iters, 0);
            else if (!strcmp(test, "bibw")) x = bw(bufs, bytes, iters, 1);
            else x = collective(test, a, b, bytes, iters);
            if (r >= 0) v[r] = x;
        }
        qsort(v, reps, sizeof(double), cmp);
        if (rank == 0) printf("c %s %d %.4f\n", test, bytes, v[reps / 2]);
        fflush(stdout);
        for (int w = 0; w < 2 * WINDOW; w++) free(bufs[w]);
        free(a); free(b); free(v);
    }
    MPI_Finalize();
    return 0;
}

/*
 * bench/scaling/probe: the C side of ExchangeHotCold.hpj. Rows in blocks as ../c/stencil_mpi.c, but the ghost rows
 * exchanged as Adlib's writeHalo does on the mpi backend: post both receives, then both sends (MPI_Irecv, MPI_Isend),
 * MPI_Waitall. Every iteration touches FLUSH_MB MB of another array first (one store per cache line), then a barrier,
 * then the exchange, timed.
 *
 *   mpirun -np P exchange_hotcold N ITERS FLUSH_MB
 *
 * Every rank prints PROBE impl=c-mpi n=.. np=.. rank=.. flush_mb=.. halo_us=.. (median of the second half).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int by_value(const void *x, const void *y) {
    double a = *(const double *) x, b = *(const double *) y;
    return (a > b) - (a < b);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 4) {
        if (rank == 0) fprintf(stderr, "usage: %s N ITERS FLUSH_MB\n", argv[0]);
        MPI_Finalize();
        return 2;
    }
    const int n = atoi(argv[1]), iters = atoi(argv[2]), flush_mb = atoi(argv[3]);
    if (n < 8 || iters < 2 || flush_mb < 0) {
        if (rank == 0) fprintf(stderr, "exchange_hotcold: N >= 8, ITERS >= 2, FLUSH_MB >= 0\n");
        MPI_Finalize();
        return 2;
    }
    const int rows = (n + size - 1) / size;
    double *a = calloc((size_t) (rows + 2) * n, sizeof(double));
    size_t other_len = flush_mb > 0 ? (size_t) flush_mb << 17 : 1;
    double *other = calloc(other_len, sizeof(double));
    double *t = malloc(sizeof(double) * iters);
    const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    for (int it = 0; it < iters; it++) {
        if (flush_mb > 0)
            for (size_t i = 0; i < other_len; i += 8) other[i] += 1;
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        MPI_Request r[4];
        MPI_Irecv(&a[0], n, MPI_DOUBLE, up, 1, MPI_COMM_WORLD, &r[0]);
        MPI_Irecv(&a[(size_t) (rows + 1) * n], n, MPI_DOUBLE, down, 0, MPI_COMM_WORLD, &r[1]);
        MPI_Isend(&a[(size_t) 1 * n], n, MPI_DOUBLE, up, 0, MPI_COMM_WORLD, &r[2]);
        MPI_Isend(&a[(size_t) rows * n], n, MPI_DOUBLE, down, 1, MPI_COMM_WORLD, &r[3]);
        MPI_Waitall(4, r, MPI_STATUSES_IGNORE);
        t[it] = (MPI_Wtime() - t0) * 1e6;
    }
    qsort(t + iters / 2, (size_t) (iters - iters / 2), sizeof *t, by_value);
    double sink = 0;
    for (size_t i = 0; i < other_len; i += 8) sink += other[i];
    printf("PROBE impl=c-mpi n=%d np=%d rank=%d flush_mb=%d halo_us=%.1f%s\n", n, size, rank, flush_mb,
           t[iters / 2 + (iters - iters / 2) / 2], sink < 0 ? " " : "");
    free(a); free(other); free(t);
    MPI_Finalize();
    return 0;
}

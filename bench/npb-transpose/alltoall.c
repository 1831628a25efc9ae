/* The baseline of Transpose.hpj: the same complex nz x ny x nx field moved from planes to columns with MPI_Alltoall
 * in C, twice: the exchange alone (contiguous buffers already laid out per peer: the lower bound) and with the packing
 * and unpacking a transpose of this layout needs (what NPB-MPI FT does around its MPI_Alltoall).
 * Usage: mpirun -np P ./alltoall [NX NY NZ REPS] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b) { double x = *(const double *) a, y = *(const double *) b; return (x > y) - (x < y); }
static double median(double *v, int n) { qsort(v, n, sizeof *v, cmp); return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]); }

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    long nx = argc > 1 ? atol(argv[1]) : 256, ny = argc > 2 ? atol(argv[2]) : 256, nz = argc > 3 ? atol(argv[3]) : 128;
    int reps = argc > 4 ? atoi(argv[4]) : 10;
    if (nz % np || ny % np) { if (!rank) fprintf(stderr, "alltoall: np must divide ny and nz\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
    long lz = nz / np, ly = ny / np, row = 2 * nx, local = lz * ny * row, block = lz * ly * row;
    double *planes = malloc(local * sizeof(double)), *cols = malloc(local * sizeof(double));
    double *send = malloc(local * sizeof(double)), *recv = malloc(local * sizeof(double));
    double *bare = malloc(reps * sizeof(double)), *full = malloc(reps * sizeof(double));
    if (!planes || !cols || !send || !recv) { fprintf(stderr, "alltoall: out of memory\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
    for (long i = 0; i < local; i++) planes[i] = send[i] = (double) i;
    for (int r = -2; r < reps; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        MPI_Alltoall(send, (int) block, MPI_DOUBLE, recv, (int) block, MPI_DOUBLE, MPI_COMM_WORLD);
        double t1 = MPI_Wtime();
        MPI_Barrier(MPI_COMM_WORLD);
        double t2 = MPI_Wtime();
        for (int q = 0; q < np; q++)              /* pack: peer q gets my planes' rows of its y block */
            for (long z = 0; z < lz; z++)
                memcpy(send + q * block + z * ly * row, planes + (z * ny + q * ly) * row, ly * row * sizeof(double));
        MPI_Alltoall(send, (int) block, MPI_DOUBLE, recv, (int) block, MPI_DOUBLE, MPI_COMM_WORLD);
        for (int q = 0; q < np; q++)              /* unpack: q's planes into my columns */
            memcpy(cols + q * lz * ly * row, recv + q * block, block * sizeof(double));
        double t3 = MPI_Wtime();
        if (r >= 0) { bare[r] = t1 - t0; full[r] = t3 - t2; }
    }
    double bytes = 16.0 * nx * ny * nz, b = median(bare, reps), f = median(full, reps);
    if (!rank) printf("C MPI_Alltoall %ldx%ldx%ld complex, np %d: alone %.2f ms (%.2f GB/s), with pack/unpack %.2f ms (%.2f GB/s)\n",
                      nx, ny, nz, np, 1e3 * b, bytes / b * 1e-9, 1e3 * f, bytes / f * 1e-9);
    MPI_Finalize();
    return 0;
}

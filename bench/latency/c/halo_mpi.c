/*
 * bench/latency: the C MPI baselines of the latency testbed, Jacobi and red-black as bench/scaling/c/stencil_mpi.c
 * writes them (same field, rows in blocks of ceil(N / P), one ghost row above and below, same checksum), with the
 * ghost rows exchanged either as MPI codes usually do, blocking (MPI_Sendrecv before the sweep: the latency is paid
 * in full), or overlapped by hand (MPI_Irecv/MPI_Isend, the rows that need no ghost swept meanwhile, MPI_Waitall,
 * then the first and last rows).
 *
 *   mpirun -np P halo_mpi block|overlap jacobi|redblack N WARMUP ITERS
 *
 * Prints (rank 0) RESULT impl=c-mpi-block|c-mpi-overlap kernel=K n=N np=P iter_ms=... checksum=HEX.
 */
#include <inttypes.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double u(int x, int y) { return (double) x * x - (double) y * y + 3.0 * x * y; }

typedef struct {
    int n, lo, hi, rank, size, up, down;  /* global rows lo .. hi - 1 held here; local row r <-> global row lo + r - 1 */
    double *a, *b;                        /* (hi - lo + 2) x n, ghost rows 0 and hi - lo + 1 */
} Grid;

#define ROW(g, arr, gi) (&(arr)[(size_t) ((gi) - (g)->lo + 1) * (g)->n])

static void start_halo(Grid *g, double *arr, MPI_Request req[4]) {
    int rows = g->hi - g->lo, n = g->n;
    MPI_Irecv(&arr[(size_t) (rows + 1) * n], n, MPI_DOUBLE, g->down, 0, MPI_COMM_WORLD, &req[0]);
    MPI_Irecv(&arr[0], n, MPI_DOUBLE, g->up, 1, MPI_COMM_WORLD, &req[1]);
    MPI_Isend(&arr[(size_t) 1 * n], n, MPI_DOUBLE, g->up, 0, MPI_COMM_WORLD, &req[2]);
    MPI_Isend(&arr[(size_t) rows * n], n, MPI_DOUBLE, g->down, 1, MPI_COMM_WORLD, &req[3]);
}

static void blocking_halo(Grid *g, double *arr) {
    int rows = g->hi - g->lo, n = g->n;
    MPI_Sendrecv(&arr[(size_t) 1 * n], n, MPI_DOUBLE, g->up, 0, &arr[(size_t) (rows + 1) * n], n, MPI_DOUBLE, g->down, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&arr[(size_t) rows * n], n, MPI_DOUBLE, g->down, 1, &arr[0], n, MPI_DOUBLE, g->up, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
}

/* One kernel row: Jacobi into b, or red-black colour c in place. */
static void row(Grid *g, int jacobi, int colour, double omega, int i) {
    int n = g->n;
    if (jacobi) {
        const double *up = ROW(g, g->a, i - 1), *mid = ROW(g, g->a, i), *dn = ROW(g, g->a, i + 1);
        double *out = ROW(g, g->b, i);
        for (int j = 1; j < n - 1; j++) out[j] = 0.25 * (up[j] + dn[j] + mid[j - 1] + mid[j + 1]);
    } else {
        double *mid = ROW(g, g->a, i);
        const double *up = mid - n, *dn = mid + n;
        for (int j = 1 + (i + colour) % 2; j <= n - 2; j += 2)
            mid[j] += omega * (0.25 * (up[j] + dn[j] + mid[j - 1] + mid[j + 1]) - mid[j]);
    }
}

/* One exchange and sweep (one colour of red-black). */
static void step(Grid *g, int overlap, int jacobi, int colour, double omega, int ilo, int ihi) {
    if (!overlap) {
        blocking_halo(g, g->a);
        for (int i = ilo; i < ihi; i++) row(g, jacobi, colour, omega, i);
        return;
    }
    MPI_Request req[4];
    start_halo(g, g->a, req);
    for (int i = ilo; i < ihi; i++)   /* the rows whose neighbours are held here */
        if (i - 1 >= g->lo && i + 1 < g->hi) row(g, jacobi, colour, omega, i);
    MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
    for (int i = ilo; i < ihi; i++)
        if (!(i - 1 >= g->lo && i + 1 < g->hi)) row(g, jacobi, colour, omega, i);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    Grid g;
    MPI_Comm_rank(MPI_COMM_WORLD, &g.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g.size);
    if (argc != 6 || (strcmp(argv[1], "block") && strcmp(argv[1], "overlap"))
        || (strcmp(argv[2], "jacobi") && strcmp(argv[2], "redblack"))) {
        if (g.rank == 0) fprintf(stderr, "usage: %s block|overlap jacobi|redblack N WARMUP ITERS\n", argv[0]);
        MPI_Finalize();
        return 2;
    }
    const int overlap = strcmp(argv[1], "overlap") == 0, jacobi = strcmp(argv[2], "jacobi") == 0;
    const int n = atoi(argv[3]), warm = atoi(argv[4]), iters = atoi(argv[5]);
    const double omega = 2.0 / (1.0 + sin(M_PI / (n - 1)));
    int block = (n + g.size - 1) / g.size;
    g.n = n;
    g.lo = g.rank * block < n ? g.rank * block : n;
    g.hi = g.lo + block < n ? g.lo + block : n;
    g.up = g.rank > 0 && g.hi > g.lo ? g.rank - 1 : MPI_PROC_NULL;
    g.down = g.rank < g.size - 1 && g.hi > g.lo && g.hi < n ? g.rank + 1 : MPI_PROC_NULL;
    size_t cells = (size_t) (g.hi - g.lo + 2) * n;
    g.a = calloc(cells, sizeof(double));
    g.b = calloc(cells, sizeof(double));
    for (int i = g.lo; i < g.hi; i++)
        for (int j = 0; j < n; j++) ROW(&g, g.a, i)[j] = (i == 0 || i == n - 1 || j == 0 || j == n - 1) ? u(i, j) : 0.0;
    memcpy(g.b, g.a, cells * sizeof(double));
    const int ilo = g.lo > 1 ? g.lo : 1, ihi = g.hi < n - 1 ? g.hi : n - 1;
    double t0 = 0;
    for (int it = 0; it < warm + iters; it++) {
        if (it == warm) t0 = MPI_Wtime();
        if (jacobi) {
            step(&g, overlap, 1, 0, omega, ilo, ihi);
            memcpy(&g.a[n], &g.b[n], (size_t) (g.hi - g.lo) * n * sizeof(double));
        } else {
            for (int colour = 0; colour < 2; colour++) step(&g, overlap, 0, colour, omega, ilo, ihi);
        }
    }
    double total = MPI_Wtime() - t0;
    uint64_t local = 0, sum = 0;
    for (size_t k = (size_t) n; k < (size_t) (g.hi - g.lo + 1) * n; k++) {
        uint64_t bits;
        memcpy(&bits, &g.a[k], sizeof bits);
        local += bits;
    }
    MPI_Reduce(&local, &sum, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    if (g.rank == 0)
        printf("RESULT impl=c-mpi-%s kernel=%s n=%d np=%d iter_ms=%.4f checksum=%016" PRIx64 "\n", argv[1], argv[2], n,
               g.size, total * 1e3 / iters, sum);
    free(g.a);
    free(g.b);
    MPI_Finalize();
    return 0;
}

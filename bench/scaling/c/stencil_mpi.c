/*
 * bench/scaling: the C MPI baseline. The same kernels, field and checksum as stencil.c; the N rows are split in
 * blocks over the ranks (ceil(N / P) rows each, as BlockRange does), each rank keeping one ghost row above and below,
 * refreshed by MPI_Sendrecv before every sweep (before every half-sweep for redblack), as Adlib.writeHalo does.
 *
 *   mpirun -np P stencil_mpi KERNEL N WARMUP ITERS
 *
 * Prints (rank 0) RESULT impl=c-mpi kernel=K n=N np=P iter_ms=... sweep_ms=... warm_ms=... checksum=HEX, times of rank 0
 * (warm_ms: the warm-up's mean iteration; SCALING_TRACE=B prints rank 0's mean iteration of every B to stderr).
 * With STENCIL_PROBE=0 (or 1: an MPI_Barrier before every exchange, whose wait is the imbalance between the ranks)
 * every rank also prints PROBE impl=c-mpi kernel=K n=N np=P rank=R sync=S iter=.. barrier=.. halo=.. sweep=.. copy=..,
 * medians over the timed iterations in ms, per phase of an iteration.
 */
#include <inttypes.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double u(int x, int y) { return (double) x * x - (double) y * y + 3.0 * x * y; }

typedef struct {
    int n, lo, hi, rank, size;  /* global rows lo .. hi - 1 held here; local row r <-> global row lo + r - 1 */
    double *a, *b;              /* (hi - lo + 2) x n, ghost rows 0 and hi - lo + 1 */
} Grid;

#define AT(g, arr, gi, j) ((arr)[(size_t) ((gi) - (g)->lo + 1) * (g)->n + (j)])

static void halo(Grid *g, double *arr) {
    int up = g->rank > 0 ? g->rank - 1 : MPI_PROC_NULL, down = g->rank < g->size - 1 ? g->rank + 1 : MPI_PROC_NULL;
    int rows = g->hi - g->lo, n = g->n;
    if (rows <= 0) { up = MPI_PROC_NULL; down = MPI_PROC_NULL; }
    MPI_Sendrecv(&arr[(size_t) 1 * n], n, MPI_DOUBLE, up, 0, &arr[(size_t) (rows + 1) * n], n, MPI_DOUBLE, down, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&arr[(size_t) rows * n], n, MPI_DOUBLE, down, 1, &arr[0], n, MPI_DOUBLE, up, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
}

static double now_ms(void) { return MPI_Wtime() * 1e3; }

static int by_value(const void *x, const void *y) {
    double a = *(const double *) x, b = *(const double *) y;
    return (a > b) - (a < b);
}

static double median(double *t, int count) {
    qsort(t, (size_t) count, sizeof *t, by_value);
    return t[count / 2];
}

static int max(int x, int y) { return x > y ? x : y; }
static int min(int x, int y) { return x < y ? x : y; }

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    Grid g;
    MPI_Comm_rank(MPI_COMM_WORLD, &g.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g.size);
    if (argc != 5 || (strcmp(argv[1], "jacobi") && strcmp(argv[1], "redblack"))) {
        if (g.rank == 0) fprintf(stderr, "usage: %s jacobi|redblack N WARMUP ITERS\n", argv[0]);
        MPI_Finalize();
        return 2;
    }
    const int jacobi = strcmp(argv[1], "jacobi") == 0;
    const int n = atoi(argv[2]), warm = atoi(argv[3]), iters = atoi(argv[4]);
    const double omega = 2.0 / (1.0 + sin(M_PI / (n - 1)));
    int block = (n + g.size - 1) / g.size;
    g.n = n;
    g.lo = min(n, g.rank * block);
    g.hi = min(n, g.lo + block);
    size_t cells = (size_t) (g.hi - g.lo + 2) * n;
    g.a = calloc(cells, sizeof(double));
    g.b = calloc(cells, sizeof(double));
    for (int i = g.lo; i < g.hi; i++)
        for (int j = 0; j < n; j++)
            AT(&g, g.a, i, j) = (i == 0 || i == n - 1 || j == 0 || j == n - 1) ? u(i, j) : 0.0;
    memcpy(g.b, g.a, cells * sizeof(double));
    const int ilo = max(1, g.lo), ihi = min(n - 1, g.hi);  /* interior rows held: ilo .. ihi - 1 */
    const char *probe = getenv("STENCIL_PROBE");
    const int sync = probe && !strcmp(probe, "1");
    double *phase = calloc((size_t) 5 * iters, sizeof(double));  /* iter, barrier, halo, sweep, copy per iteration */
    const char *trace_env = getenv("SCALING_TRACE");  /* B > 0: rank 0's mean ms an iteration of every B */
    const int trace = g.rank == 0 && trace_env ? atoi(trace_env) : 0;
    const double began = MPI_Wtime();
    double t0 = 0, sweep = 0, block_start = began;
    for (int it = 0; it < warm + iters; it++) {
        if (it == warm) t0 = MPI_Wtime();
        if (trace > 0 && it > 0 && it % trace == 0) {
            double t = MPI_Wtime();
            fprintf(stderr, "TRACE it=%d ms=%.4f\n", it, (t - block_start) * 1e3 / trace);
            block_start = t;
        }
        double p0 = now_ms(), bar = 0, hal = 0, swp = 0, cpy = 0;
        if (jacobi) {
            if (sync) MPI_Barrier(MPI_COMM_WORLD);
            double p1 = now_ms();
            halo(&g, g.a);
            double s0 = MPI_Wtime(), p2 = s0 * 1e3;
            for (int i = ilo; i < ihi; i++) {
                const double *up = &AT(&g, g.a, i - 1, 0), *mid = &AT(&g, g.a, i, 0), *dn = &AT(&g, g.a, i + 1, 0);
                double *out = &AT(&g, g.b, i, 0);
                for (int j = 1; j < n - 1; j++) out[j] = 0.25 * (up[j] + dn[j] + mid[j - 1] + mid[j + 1]);
            }
            if (it >= warm) sweep += MPI_Wtime() - s0;
            double p3 = now_ms();
            memcpy(&g.a[n], &g.b[n], (size_t) (g.hi - g.lo) * n * sizeof(double));
            bar = p1 - p0; hal = p2 - p1; swp = p3 - p2; cpy = now_ms() - p3;
        } else {
            double s = 0;
            for (int colour = 0; colour < 2; colour++) {
                double p1 = now_ms();
                if (sync) MPI_Barrier(MPI_COMM_WORLD);
                double p2 = now_ms();
                halo(&g, g.a);
                double s0 = MPI_Wtime();
                for (int i = ilo; i < ihi; i++) {
                    double *mid = &AT(&g, g.a, i, 0);
                    const double *up = mid - n, *dn = mid + n;
                    for (int j = 1 + (i + colour) % 2; j <= n - 2; j += 2)
                        mid[j] += omega * (0.25 * (up[j] + dn[j] + mid[j - 1] + mid[j + 1]) - mid[j]);
                }
                s += MPI_Wtime() - s0;
                bar += p2 - p1; hal += s0 * 1e3 - p2; swp += now_ms() - s0 * 1e3;
            }
            if (it >= warm) sweep += s;
        }
        if (it >= warm) {
            double *t = &phase[(size_t) 5 * (it - warm)];
            t[0] = now_ms() - p0; t[1] = bar; t[2] = hal; t[3] = swp; t[4] = cpy;
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
        printf("RESULT impl=c-mpi kernel=%s n=%d np=%d iter_ms=%.4f sweep_ms=%.4f warm_ms=%.4f checksum=%016" PRIx64 "\n",
               argv[1], n, g.size, total * 1e3 / iters, sweep * 1e3 / iters, warm ? (t0 - began) * 1e3 / warm : 0.0, sum);
    if (probe) {
        double med[5], *col = malloc((size_t) iters * sizeof(double));
        for (int f = 0; f < 5; f++) {
            for (int k = 0; k < iters; k++) col[k] = phase[(size_t) 5 * k + f];
            med[f] = median(col, iters);
        }
        printf("PROBE impl=c-mpi kernel=%s n=%d np=%d rank=%d sync=%d iter=%.3f barrier=%.3f halo=%.3f sweep=%.3f "
               "copy=%.3f\n", argv[1], n, g.size, g.rank, sync, med[0], med[1], med[2], med[3], med[4]);
        free(col);
    }
    free(phase);
    free(g.a);
    free(g.b);
    MPI_Finalize();
    return 0;
}

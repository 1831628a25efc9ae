/*
 * bench/scaling: the C baselines, sequential and OpenMP (the same source; -fopenmp turns the pragmas on).
 *
 *   stencil KERNEL N WARMUP ITERS        KERNEL = jacobi | redblack | residual | jacobi3d
 *
 * jacobi:   [HPJava-RT] Figure 2's iteration without the convergence test: b = average of a's four neighbours over the
 *           interior, then a = b (the whole array, as HPutil.copy(a, b) does).
 * redblack: red-black SOR, as examples/RedBlack.hpj: for colour 0 then 1, the points with j starting at
 *           1 + (i + colour) % 2 step 2 get a += omega * (average of neighbours - a).
 * residual: the jacobi iteration with [HPJava-RT] Figure 2's convergence measure as a reduction into a local:
 *           after the sweep, diff = the largest |b - a| over the interior (exact in any order); sweep_ms times this
 *           reduction alone and the checksum adds the bits of the last diff.
 * jacobi3d: the 7-point Jacobi iteration on an M^3 grid, M = round(cbrt(N^2)) (as many points as the N^2 grid):
 *           b = (sum of the six neighbours in the order i-1, i+1, j-1, j+1, k-1, k+1) / 6, then a = b; faces hold
 *           u(x, y) + 2z.
 * Edges hold u = x^2 - y^2 + 3xy, the interior starts at 0. Prints one line
 *   RESULT impl=c-seq|c-omp kernel=K n=N np=THREADS iter_ms=... sweep_ms=... warm_ms=... checksum=HEX
 * (warm_ms: the warm-up's mean iteration; SCALING_TRACE=B prints the mean iteration of every B to stderr)
 * where checksum is the sum (mod 2^64) of the bit patterns of every element of a: order-independent and exact, so
 * every implementation that computes the same field prints the same value.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double u(int x, int y) { return (double) x * x - (double) y * y + 3.0 * x * y; }

static void init(double *a, int n) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            a[(size_t) i * n + j] = (i == 0 || i == n - 1 || j == 0 || j == n - 1) ? u(i, j) : 0.0;
}

static uint64_t checksum(const double *a, size_t count) {
    uint64_t s = 0;
    for (size_t k = 0; k < count; k++) {
        uint64_t bits;
        memcpy(&bits, &a[k], sizeof bits);
        s += bits;
    }
    return s;
}

static void jacobi_sweep(const double *restrict a, double *restrict b, int n) {
    #pragma omp parallel for schedule(static)
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
            b[(size_t) i * n + j] = 0.25 * (a[(size_t) (i - 1) * n + j] + a[(size_t) (i + 1) * n + j]
                                            + a[(size_t) i * n + j - 1] + a[(size_t) i * n + j + 1]);
}

/* a = b, as rows of len elements (in parallel by rows, as HPutil.copy and the streams variant do). */
static void copy(double *restrict a, const double *restrict b, int rows, int len) {
    #pragma omp parallel for schedule(static)
    for (int i = 0; i < rows; i++)
        memcpy(&a[(size_t) i * len], &b[(size_t) i * len], (size_t) len * sizeof(double));
}

static void redblack_half(double *a, int n, int colour, double omega) {
    #pragma omp parallel for schedule(static)
    for (int i = 1; i < n - 1; i++)
        for (int j = 1 + (i + colour) % 2; j <= n - 2; j += 2) {
            size_t k = (size_t) i * n + j;
            double delta = 0.25 * (a[k - n] + a[k + n] + a[k - 1] + a[k + 1]) - a[k];
            a[k] += omega * delta;
        }
}

static double residual(const double *restrict a, const double *restrict b, int n) {
    double diff = 0;
    #pragma omp parallel for schedule(static) reduction(max : diff)
    for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++) {
            double d = fabs(b[(size_t) i * n + j] - a[(size_t) i * n + j]);
            diff = diff > d ? diff : d;
        }
    return diff;
}

/* The edge of the 3-D grid standing for size n: as many points as n^2. */
static int edge3(int n) { return (int) lround(cbrt((double) n * n)); }

static void init3(double *a, int m) {
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++)
            for (int k = 0; k < m; k++)
                a[((size_t) i * m + j) * m + k] = (i == 0 || i == m - 1 || j == 0 || j == m - 1 || k == 0 || k == m - 1)
                                                  ? u(i, j) + 2.0 * k : 0.0;
}

static void jacobi3d_sweep(const double *restrict a, double *restrict b, int m) {
    const size_t p = (size_t) m * m;
    #pragma omp parallel for schedule(static)
    for (int i = 1; i < m - 1; i++)
        for (int j = 1; j < m - 1; j++)
            for (int k = 1; k < m - 1; k++) {
                size_t c = ((size_t) i * m + j) * m + k;
                b[c] = (a[c - p] + a[c + p] + a[c - m] + a[c + m] + a[c - 1] + a[c + 1]) / 6.0;
            }
}

int main(int argc, char **argv) {
    const char *k = argc == 5 ? argv[1] : "";
    const int jacobi = !strcmp(k, "jacobi"), redblack = !strcmp(k, "redblack"), res = !strcmp(k, "residual"),
              three = !strcmp(k, "jacobi3d");
    if (!(jacobi || redblack || res || three)) {
        fprintf(stderr, "usage: %s jacobi|redblack|residual|jacobi3d N WARMUP ITERS\n", argv[0]);
        return 2;
    }
    const int n = atoi(argv[2]), warm = atoi(argv[3]), iters = atoi(argv[4]);
    if (n < 3 || warm < 0 || iters < 1) { fprintf(stderr, "%s: bad N, WARMUP or ITERS\n", argv[0]); return 2; }
    const double omega = 2.0 / (1.0 + sin(M_PI / (n - 1)));
    const int m = edge3(n);
    const size_t count = three ? (size_t) m * m * m : (size_t) n * n;
    double *a = malloc(count * sizeof(double)), *b = malloc(count * sizeof(double));
    if (!a || !b) { fprintf(stderr, "%s: out of memory\n", argv[0]); return 1; }
    if (three) init3(a, m); else init(a, n);
    memcpy(b, a, count * sizeof(double));
    const char *trace_env = getenv("SCALING_TRACE");  /* B > 0: mean ms an iteration of every B to stderr */
    const int trace = trace_env ? atoi(trace_env) : 0;
    const double began = now_ms();
    double t0 = 0, sweep = 0, diff = 0, block = began;
    for (int it = 0; it < warm + iters; it++) {
        if (it == warm) t0 = now_ms();
        if (trace > 0 && it > 0 && it % trace == 0) {
            double t = now_ms();
            fprintf(stderr, "TRACE it=%d ms=%.4f\n", it, (t - block) / trace);
            block = t;
        }
        double s0 = now_ms();
        if (jacobi) jacobi_sweep(a, b, n);
        else if (redblack) { redblack_half(a, n, 0, omega); redblack_half(a, n, 1, omega); }
        else if (three) jacobi3d_sweep(a, b, m);
        else {
            jacobi_sweep(a, b, n);
            s0 = now_ms();
            diff = residual(a, b, n);
        }
        if (it >= warm) sweep += now_ms() - s0;
        if (three) copy(a, b, m * m, m);
        else if (!redblack) copy(a, b, n, n);
    }
    double total = now_ms() - t0;
    uint64_t sum = checksum(a, count);
    if (res) { uint64_t bits; memcpy(&bits, &diff, sizeof bits); sum += bits; }
    int threads = 1;
#ifdef _OPENMP
    threads = omp_get_max_threads();
    const char *impl = "c-omp";
#else
    const char *impl = "c-seq";
#endif
    printf("RESULT impl=%s kernel=%s n=%d np=%d iter_ms=%.4f sweep_ms=%.4f warm_ms=%.4f checksum=%016" PRIx64 "\n",
           impl, argv[1], n, threads, total / iters, sweep / iters, warm ? (t0 - began) / warm : 0.0, sum);
    free(a);
    free(b);
    return 0;
}

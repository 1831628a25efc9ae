/*
 * bench/scaling/probe: where the time of one C OpenMP iteration goes, per thread, the phases WhereTimeGoes.hpj times
 * on each mt rank (docs/BENCHMARKS.md, "mt np 2 at N = 1024"). The kernels of ../c/stencil.c (the benchmark's C is
 * left alone): jacobi (sweep, then a = b by rows) and redblack (two half sweeps). Every phase is one parallel region
 * with the loop split statically (as `omp parallel for schedule(static)` does) and an explicit barrier at its end, so
 * each thread's time of a phase splits into its work and its wait at the barrier (the imbalance).
 *
 *   gcc -O3 -march=native -ffp-contract=off -fopenmp -o omp_phases omp_phases.c -lm
 *   OMP_NUM_THREADS=P ./omp_phases jacobi|redblack N WARMUP ITERS
 *
 * Prints per thread: PROBE impl=c-omp kernel=K n=N np=P rank=T iter=.. sweep=.. copy=.. wait=.. (medians over the
 * timed iterations, ms; sweep and copy are the work alone, wait all barrier waits of the iteration) mean_iter=..
 * mean_sweep=.. mean_copy=.. mean_wait=.. (means) slow_iters=K/ITERS (iterations over twice the median)
 * checksum=HEX (../c/stencil.c's, so the run checks it computed the same field).
 */
#include <inttypes.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_THREADS 64

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double u(int x, int y) { return (double) x * x - (double) y * y + 3.0 * x * y; }

static int cmp(const void *x, const void *y) {
    double a = *(const double *) x, b = *(const double *) y;
    return a < b ? -1 : a > b;
}

static double mean(const double *v, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s / n;
}

/* Sorts v. */
static double median(double *v, int n) {
    qsort(v, n, sizeof *v, cmp);
    return v[n / 2];
}

/* Rows lo..hi-1 of the interior rows 1..n-2 that thread t of p takes, as schedule(static) splits them. */
static void split(int rows, int t, int p, int *lo, int *hi) {
    int q = rows / p, r = rows % p;
    *lo = 1 + t * q + (t < r ? t : r);
    *hi = *lo + q + (t < r);
}

int main(int argc, char **argv) {
    const char *k = argc == 5 ? argv[1] : "";
    const int jacobi = !strcmp(k, "jacobi"), redblack = !strcmp(k, "redblack");
    if (!(jacobi || redblack)) {
        fprintf(stderr, "usage: %s jacobi|redblack N WARMUP ITERS\n", argv[0]);
        return 2;
    }
    const int n = atoi(argv[2]), warm = atoi(argv[3]), iters = atoi(argv[4]);
    if (n < 3 || warm < 0 || iters < 1) { fprintf(stderr, "%s: bad N, WARMUP or ITERS\n", argv[0]); return 2; }
    const double omega = 2.0 / (1.0 + sin(M_PI / (n - 1)));
    double *a = malloc((size_t) n * n * sizeof(double)), *b = malloc((size_t) n * n * sizeof(double));
    double *tIter = malloc(sizeof(double) * iters * MAX_THREADS), *tSweep = malloc(sizeof(double) * iters * MAX_THREADS),
           *tCopy = malloc(sizeof(double) * iters * MAX_THREADS), *tWait = malloc(sizeof(double) * iters * MAX_THREADS);
    if (!a || !b || !tIter || !tSweep || !tCopy || !tWait) { fprintf(stderr, "%s: out of memory\n", argv[0]); return 1; }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            a[(size_t) i * n + j] = (i == 0 || i == n - 1 || j == 0 || j == n - 1) ? u(i, j) : 0.0;
    memcpy(b, a, (size_t) n * n * sizeof(double));
    if (omp_get_max_threads() > MAX_THREADS) {
        fprintf(stderr, "%s: at most %d threads (OMP_NUM_THREADS)\n", argv[0], MAX_THREADS);
        return 2;
    }
    int threads = 1;
    #pragma omp parallel
    {
        const int t = omp_get_thread_num(), p = omp_get_num_threads();
        #pragma omp single
        threads = p;
        {
            int lo, hi, clo, chi;
            split(n - 2, t, p, &lo, &hi);
            /* The copy a = b by whole rows 0..n-1, split as stencil.c's copy(): */
            { int q = n / p, r = n % p; clo = t * q + (t < r ? t : r); chi = clo + q + (t < r); }
            for (int it = 0; it < warm + iters; it++) {
                double t0 = now_ms(), sweep = 0, copy = 0, wait = 0, s;
                if (jacobi) {
                    for (int i = lo; i < hi; i++)
                        for (int j = 1; j < n - 1; j++)
                            b[(size_t) i * n + j] = 0.25 * (a[(size_t) (i - 1) * n + j] + a[(size_t) (i + 1) * n + j]
                                                            + a[(size_t) i * n + j - 1] + a[(size_t) i * n + j + 1]);
                    s = now_ms(); sweep = s - t0;
                    #pragma omp barrier
                    double c0 = now_ms(); wait += c0 - s;
                    for (int i = clo; i < chi; i++)
                        memcpy(&a[(size_t) i * n], &b[(size_t) i * n], (size_t) n * sizeof(double));
                    s = now_ms(); copy = s - c0;
                    #pragma omp barrier
                    wait += now_ms() - s;
                } else {
                    for (int colour = 0; colour < 2; colour++) {
                        double h0 = now_ms();
                        for (int i = lo; i < hi; i++)
                            for (int j = 1 + (i + colour) % 2; j <= n - 2; j += 2) {
                                size_t c = (size_t) i * n + j;
                                double delta = 0.25 * (a[c - n] + a[c + n] + a[c - 1] + a[c + 1]) - a[c];
                                a[c] += omega * delta;
                            }
                        s = now_ms(); sweep += s - h0;
                        #pragma omp barrier
                        wait += now_ms() - s;
                    }
                }
                if (it >= warm) {
                    size_t x = (size_t) t * iters + (it - warm);
                    tIter[x] = now_ms() - t0; tSweep[x] = sweep; tCopy[x] = copy; tWait[x] = wait;
                }
            }
        }
    }
    uint64_t sum = 0;
    for (size_t e = 0; e < (size_t) n * n; e++) { uint64_t bits; memcpy(&bits, &a[e], sizeof bits); sum += bits; }
    for (int t = 0; t < threads; t++) {
        size_t x = (size_t) t * iters;
        double mIter = mean(tIter + x, iters), mSweep = mean(tSweep + x, iters), mCopy = mean(tCopy + x, iters),
               mWait = mean(tWait + x, iters);
        double med = median(tIter + x, iters);
        int slow = 0;
        for (int i = 0; i < iters; i++) slow += tIter[x + i] > 2 * med;
        printf("PROBE impl=c-omp kernel=%s n=%d np=%d rank=%d iter=%.3f sweep=%.3f copy=%.3f wait=%.3f mean_iter=%.3f "
               "mean_sweep=%.3f mean_copy=%.3f mean_wait=%.3f slow_iters=%d/%d checksum=%016" PRIx64 "\n", k, n, threads, t,
               med, median(tSweep + x, iters), median(tCopy + x, iters), median(tWait + x, iters), mIter, mSweep, mCopy,
               mWait, slow, iters, sum);
    }
    return 0;
}

/* bench/scaling/probe: cost of one OpenMP barrier with OMP_NUM_THREADS threads (median of 50 runs of 20000). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
int main(void) {
    enum { RUNS = 50, N = 20000 };
    double t[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double t0 = omp_get_wtime();
        #pragma omp parallel
        for (int i = 0; i < N; i++) {
            #pragma omp barrier
        }
        t[r] = (omp_get_wtime() - t0) / N;
    }
    qsort(t, RUNS, sizeof t[0], cmp);
    printf("OMPBARRIER threads=%d us=%.3f\n", omp_get_max_threads(), t[RUNS / 2] * 1e6);
    return 0;
}

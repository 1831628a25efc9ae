/* Raw C MPI baseline for the mpi backend benchmark (bench/mpi/run.sh), same protocol as RawJavaPingPong.java.
 *   pingpong lat SIZE ITERS REPS   half round trip of a SIZE-byte blocking ping-pong, microseconds, one line per rep
 *   pingpong lattest SIZE ITERS REPS  the same with MPI_Isend/MPI_Irecv and a loop of MPI_Test (the mpi backend's
 *                                     polling shape; tells the call pattern's cost from the FFM downcalls')
 *   pingpong bw  SIZE ITERS REPS   osu_bw-style streaming (window of 64 non-blocking sends, 1-byte ack), MB/s per rep
 * Rank 0 prints "c <mode> <size> <value>" per rep. Needs exactly 2 ranks. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW 64

static double latency(char *buf, int size, int iters, int rank) {
    int peer = 1 - rank;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < iters; i++) {
        if (rank == 0) {
            MPI_Send(buf, size, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
            MPI_Recv(buf, size, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(buf, size, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf, size, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
        }
    }
    return (MPI_Wtime() - t0) * 1e6 / (2.0 * iters);
}

static void test_loop(MPI_Request *req) {
    int flag = 0;
    while (!flag) MPI_Test(req, &flag, MPI_STATUS_IGNORE);
}

static double latency_test(char *buf, int size, int iters, int rank) {
    int peer = 1 - rank;
    MPI_Request req;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < iters; i++) {
        if (rank == 0) {
            MPI_Isend(buf, size, MPI_BYTE, peer, 1, MPI_COMM_WORLD, &req); test_loop(&req);
            MPI_Irecv(buf, size, MPI_BYTE, peer, 1, MPI_COMM_WORLD, &req); test_loop(&req);
        } else {
            MPI_Irecv(buf, size, MPI_BYTE, peer, 1, MPI_COMM_WORLD, &req); test_loop(&req);
            MPI_Isend(buf, size, MPI_BYTE, peer, 1, MPI_COMM_WORLD, &req); test_loop(&req);
        }
    }
    return (MPI_Wtime() - t0) * 1e6 / (2.0 * iters);
}

static double bandwidth(char *buf, int size, int iters, int rank) {
    int peer = 1 - rank;
    MPI_Request req[WINDOW];
    char ack = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < iters; i++) {
        for (int w = 0; w < WINDOW; w++) {
            char *p = buf + (size_t) w * size;
            if (rank == 0) MPI_Isend(p, size, MPI_BYTE, peer, 2, MPI_COMM_WORLD, &req[w]);
            else MPI_Irecv(p, size, MPI_BYTE, peer, 2, MPI_COMM_WORLD, &req[w]);
        }
        MPI_Waitall(WINDOW, req, MPI_STATUSES_IGNORE);
        if (rank == 0) MPI_Recv(&ack, 1, MPI_BYTE, peer, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        else MPI_Send(&ack, 1, MPI_BYTE, peer, 3, MPI_COMM_WORLD);
    }
    double secs = MPI_Wtime() - t0;
    return (double) size * WINDOW * iters / secs / 1e6;
}

/* The window loop of bandwidth() on the mpi backend's memory layout and message sizes: message w of a window in
 * bufs[w] (the device's buffers, each its own allocation), sent with send_bytes and received with a receive of
 * recv_count bytes (the device posts a receive of its buffer's whole capacity); MB/s of size-byte payloads. */
static double bandwidth_bufs(char **bufs, int size, int send_bytes, int recv_count, int iters, int rank) {
    int peer = 1 - rank;
    MPI_Request req[WINDOW];
    char ack = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < iters; i++) {
        for (int w = 0; w < WINDOW; w++) {
            if (rank == 0) MPI_Isend(bufs[w], send_bytes, MPI_BYTE, peer, 2, MPI_COMM_WORLD, &req[w]);
            else MPI_Irecv(bufs[w], recv_count, MPI_BYTE, peer, 2, MPI_COMM_WORLD, &req[w]);
        }
        MPI_Waitall(WINDOW, req, MPI_STATUSES_IGNORE);
        if (rank == 0) MPI_Recv(&ack, 1, MPI_BYTE, peer, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        else MPI_Send(&ack, 1, MPI_BYTE, peer, 3, MPI_COMM_WORLD);
    }
    double secs = MPI_Wtime() - t0;
    return (double) size * WINDOW * iters / secs / 1e6;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (argc != 5 || np != 2 || (strcmp(argv[1], "lat") && strcmp(argv[1], "lattest") && strcmp(argv[1], "bw"))) {
        if (rank == 0) fprintf(stderr, "usage: mpirun -np 2 pingpong lat|lattest|bw SIZE ITERS REPS\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int bw = strcmp(argv[1], "bw") == 0;
    double (*run)(char *, int, int, int) = bw ? bandwidth : strcmp(argv[1], "lattest") == 0 ? latency_test : latency;
    int size = atoi(argv[2]), iters = atoi(argv[3]), reps = atoi(argv[4]);
    if (size < 1 || iters < 1 || reps < 1) {
        if (rank == 0) fprintf(stderr, "pingpong: SIZE, ITERS and REPS must be positive\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    char *buf = malloc((size_t) size * (bw ? WINDOW : 1));
    memset(buf, 1, (size_t) size * (bw ? WINDOW : 1));
    run(buf, size, iters, rank); /* warm-up */
    for (int r = 0; r < reps; r++) {
        double v = run(buf, size, iters, rank);
        if (rank == 0) printf("c %s %d %.4f\n", argv[1], size, v);
    }
    fflush(stdout);
    free(buf);
    MPI_Finalize();
    return 0;
}

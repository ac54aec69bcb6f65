/*
 * xfer-probe.cu: the host-device transfer costs behind mst-cuda's "with transfers" time
 * (docs/gpu-transfers.md): for an edge list of M edges (three 32-bit arrays, u, v and key) it
 * times a copy from pageable memory, cudaHostRegister of the arrays and a copy from them, a copy
 * from cudaMallocHost memory (the pinned bound), the same in chunks on two streams, the device
 * allocation of ecl's buffers, and the forest's way back (N 32-bit ids). Prints one line per
 * measurement: what, milliseconds, GB/s. Not part of the suite's build: `nvcc -O3
 * lab/xfer-probe.cu -o xfer-probe` (report/device-xfer.sh, now in git history, ran it).
 * usage: xfer-probe M N
 */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK(x)                                                                              \
    do {                                                                                      \
        cudaError_t e_ = (x);                                                                 \
        if (e_ != cudaSuccess) {                                                              \
            fprintf(stderr, "xfer-probe: %s: %s\n", #x, cudaGetErrorString(e_));             \
            exit(1);                                                                          \
        }                                                                                     \
    } while (0)

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static void line(const char *what, double s, double bytes)
{
    printf("%-44s %9.3f ms %7.2f GB/s\n", what, 1e3 * s, bytes > 0 ? bytes / s * 1e-9 : 0.0);
}

/* Best of 5: copies three arrays of `bytes` each to dev, in one piece each or in chunks of
 * `chunk` bytes alternating over two streams. */
static double h2d(void *const host[3], void *const dev[3], size_t bytes, size_t chunk,
                  cudaStream_t s[2])
{
    double best = 1e9;
    for (int rep = 0; rep < 5; rep++) {
        double t0 = now();
        int k = 0;
        for (int a = 0; a < 3; a++)
            for (size_t off = 0; off < bytes; off += chunk, k++) {
                size_t len = bytes - off < chunk ? bytes - off : chunk;
                CHECK(cudaMemcpyAsync((char *)dev[a] + off, (char *)host[a] + off, len,
                                      cudaMemcpyHostToDevice, s[k & 1]));
            }
        CHECK(cudaDeviceSynchronize());
        double t = now() - t0;
        best = t < best ? t : best;
    }
    return best;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: xfer-probe M N\n");
        return 1;
    }
    size_t m = strtoull(argv[1], NULL, 10), n = strtoull(argv[2], NULL, 10);
    size_t bytes = m * 4, all = 3 * bytes;
    cudaStream_t s[2];
    void *host[3], *pinned[3], *dev[3];
    CHECK(cudaFree(0));
    CHECK(cudaStreamCreate(&s[0]));
    CHECK(cudaStreamCreate(&s[1]));
    for (int a = 0; a < 3; a++) {
        host[a] = malloc(bytes);
        memset(host[a], a + 1, bytes);
        CHECK(cudaMalloc(&dev[a], bytes));
        CHECK(cudaMallocHost(&pinned[a], bytes));
        memset(pinned[a], a + 1, bytes);
    }
    printf("edges %zu, vertices %zu, %zu bytes to the device\n", m, n, all);
    line("H2D pageable, cudaMemcpy per array", h2d(host, dev, bytes, bytes, s), (double)all);
    line("H2D cudaMallocHost (the pinned bound)", h2d(pinned, dev, bytes, bytes, s), (double)all);
    line("H2D cudaMallocHost, 8 MiB chunks, 2 streams", h2d(pinned, dev, bytes, 8 << 20, s),
         (double)all);
    double t0 = now();
    for (int a = 0; a < 3; a++)
        CHECK(cudaHostRegister(host[a], bytes, cudaHostRegisterDefault));
    line("cudaHostRegister of the three arrays", now() - t0, (double)all);
    line("H2D registered", h2d(host, dev, bytes, bytes, s), (double)all);
    line("H2D registered, 8 MiB chunks, 2 streams", h2d(host, dev, bytes, 8 << 20, s),
         (double)all);
    line("H2D registered, 32 MiB chunks, 2 streams", h2d(host, dev, bytes, 32 << 20, s),
         (double)all);
    t0 = now();
    for (int a = 0; a < 3; a++)
        CHECK(cudaHostUnregister(host[a]));
    line("cudaHostUnregister of the three arrays", now() - t0, 0);
    t0 = now();
    memcpy(pinned[0], host[0], bytes);
    line("memcpy pageable -> pinned, one thread, 1 array", now() - t0, (double)bytes);
    /* ecl's device buffers: u, v, key (3 x 4m), two worklists (2 x 16m), 28 bytes a vertex. */
    size_t ecl_bytes = 12 * m + 32 * m + 28 * n;
    t0 = now();
    void *pool = NULL;
    CHECK(cudaMalloc(&pool, ecl_bytes));
    double t_alloc = now() - t0;
    t0 = now();
    CHECK(cudaFree(pool));
    line("cudaMalloc of ecl's buffers, one piece", t_alloc, 0);
    line("cudaFree of them", now() - t0, 0);
    void *ids = malloc(n * 4), *ids_pinned = NULL, *d_ids = NULL;
    CHECK(cudaMallocHost(&ids_pinned, n * 4));
    CHECK(cudaMalloc(&d_ids, n * 4));
    CHECK(cudaMemset(d_ids, 0, n * 4));
    double best[2] = {1e9, 1e9};
    for (int rep = 0; rep < 5; rep++)
        for (int p = 0; p < 2; p++) {
            t0 = now();
            CHECK(cudaMemcpy(p ? ids_pinned : ids, d_ids, n * 4, cudaMemcpyDeviceToHost));
            double t = now() - t0;
            best[p] = t < best[p] ? t : best[p];
        }
    line("D2H forest ids (n x 4 B), pageable", best[0], 4.0 * n);
    line("D2H forest ids (n x 4 B), pinned", best[1], 4.0 * n);
    return 0;
}

// ECL-MST (Fallin, Gonzalez, Seo and Burtscher, SC 2023; github.com/burtscher/ECL-MST) as
// report/peers/run.py runs it: `ecl-mst RUNS GRAPH.egr` runs ECL-MST's own main() RUNS times in
// one process, so that the first run (CUDA's context and module loading) can be left out of the
// timings. Each run prints what ECL-MST prints, its GPU time ("Dev+: T s" or "Dev-: T s", the
// kernels only: its timer starts once the graph is on the GPU) and whether its GPU forest equals
// its serial Kruskal's ("all good"), and then one JSON line of ours, {"msf_edges": K,
// "msf_weight": W}: the GPU forest's edge count and its total in 64 bits, which ECL-MST itself
// does not print. The checkout's source file is compiled in unchanged (ECL_SOURCE, from
// report/peers/Makefile).
#include <cstdio>
#include <cstdlib>
#include <cuda.h>
#include "ECLgraph.h"

// Prints the forest's edge count and total: the edges j with in_msf[j] set, as ECL-MST's own
// check sums them.
static void peers_print_total(const ECLgraph& g, const bool* in_msf)
{
  long long edges = 0, total = 0;
  for (int j = 0; j < g.edges; j++) {
    if (in_msf[j]) {
      edges++;
      total += g.eweight[j];
    }
  }
  printf("{\"msf_edges\": %lld, \"msf_weight\": %lld}\n", edges, total);
  fflush(stdout);
}

// ECL-MST's main() frees the graph once, after its check and before it frees its GPU forest
// (gpuMSTedges): the total is printed there. Inside its own macro the name is not expanded
// again, so ECLgraph.h's function (defined above, outside the macro) runs next.
#define freeECLgraph(g) (peers_print_total((g), gpuMSTedges), freeECLgraph(g))
// CUDA 13 removed the two clock-rate fields of cudaDeviceProp, which ECL-MST's banner line prints
// (as MHz); there they read two int fields that remain, and the banner's MHz mean nothing.
#if CUDART_VERSION >= 13000
#define clockRate major
#define memoryClockRate minor
#endif
#define main ecl_mst_main
#include ECL_SOURCE
#undef main
#undef freeECLgraph

int main(int argc, char* argv[])
{
  const int runs = argc == 3 ? atoi(argv[1]) : 0;
  if (runs < 1) {
    fprintf(stderr, "usage: %s RUNS GRAPH.egr\n", argv[0]);
    return 1;
  }
  char* ecl_argv[] = {argv[0], argv[2], NULL};
  for (int r = 0; r < runs; r++) ecl_mst_main(2, ecl_argv);
  return 0;
}

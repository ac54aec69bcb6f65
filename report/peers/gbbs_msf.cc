// GBBS's Borůvka minimum spanning forest (Dhulipala, Blelloch and Shun, SPAA 2018;
// github.com/ParAlg/gbbs, benchmarks/MinimumSpanningForest/Boruvka) as report/peers/run.py runs
// it: `gbbs-boruvka RUNS GRAPH` reads GRAPH, a symmetric graph in GBBS's text format
// (WeightedAdjacencyGraph, integer weights), then solves RUNS times, each time on a fresh copy
// of the graph (the solver filters the graph it is given, as GBBS's own main copies it for), and
// prints one JSON line per run: {"compute_s": S, "msf_edges": K, "msf_weight": W}, S the
// solver's call alone (the copy is not timed, as in GBBS's main), W the forest's total in 64
// bits (GBBS prints a total summed in its 32-bit weight type). run.py leaves the first run out
// of the timings. The thread count is parlaylib's: PARLAY_NUM_THREADS, else every core.
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "benchmarks/MinimumSpanningForest/Boruvka/MinimumSpanningForest.h"

int main(int argc, char* argv[]) {
  const int runs = argc == 3 ? atoi(argv[1]) : 0;
  if (runs < 1) {
    fprintf(stderr, "usage: %s RUNS GRAPH\n", argv[0]);
    return 1;
  }
  auto graph = gbbs::gbbs_io::read_weighted_symmetric_graph<gbbs::intE>(argv[2], false, false);
  for (int r = 0; r < runs; r++) {
    auto copy = graph;
    const auto start = std::chrono::steady_clock::now();
    const auto forest = gbbs::MinimumSpanningForest_boruvka::MinimumSpanningForest(copy, false);
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    long long total = 0;
    for (size_t i = 0; i < forest.size(); i++) total += std::get<2>(forest[i]);
    printf("{\"compute_s\": %.9f, \"msf_edges\": %zu, \"msf_weight\": %lld}\n", seconds.count(),
           forest.size(), total);
    fflush(stdout);
  }
  return 0;
}

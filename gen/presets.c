/*
 * presets.c: named inputs that reproduce the source papers' graphs (`mst-gen preset NAME -o FILE`).
 * A preset is a command line of mst-gen (seed 1 unless --seed is given), so it means exactly what
 * the same options mean; the source of every number is given beside it.
 *
 * Shou and He, "Parallel Minimum Spanning Tree" (15-418 report), section 4.1, test-file
 *   table ("Test File / Number of Nodes / Number of Edges"): sparse n = 1e5, 1e6, 1e7, 2e7 with
 *   m = 149,960, 1,501,216, 15,000,571, 29,998,467 (about 1.5 n); dense n = 200, 1,000, 5,000,
 *   8,000 with m = 17,847, 449,576, 11,245,624, 28,793,554 (= 0.90 of all n(n-1)/2 pairs, i.e.
 *   about 0.45 n^2). Their graphs are connected with unique weights ("connected, undirected,
 *   weighted ... graphs with unique edge weights"): here --connected and --weights distinct.
 * Fallin, Gonzalez, Seo, Burtscher, "A High-Performance MST Implementation for GPUs"
 *   (ECL-MST), SC 2023, Table 2 (edge counts there are of the CSR, i.e. twice the undirected m):
 *   2d-2e20.sym 1,048,576 vertices, 4,190,208 arcs (the 1024 x 1024 grid, m = 2,095,104);
 *   r4-2e23.sym 8,388,608 vertices, 67,108,846 arcs, 1 component, d-max 26 (4 random
 *   neighbours per vertex: m = 2^25 - 9 after removing repeats); rmat16.sym 65,536 vertices,
 *   967,866 arcs, 3,900 components; rmat22.sym 4,194,304 vertices, 65,660,814 arcs, 428,640
 *   components. Table 2 does not give the R-MAT parameters; edge factor 8 with
 *   a,b,c,d = 0.55,0.10,0.10,0.25 reproduces both closely (seed 1: rmat16 m 484,491, d-avg 14.8,
 *   d-max 527, 4,202 components; rmat22 m 32,870,864, d-avg 15.7, d-max 3,314, 477,944
 *   components), where the Graph500 initiator 0.57,0.19,0.19 gives rmat16 25,072 components;
 *   kron_g500-logn21 2,097,152 vertices, 182,081,864 arcs, 553,159 components (DIMACS-10's
 *   Graph500 graph of scale 21, edge factor 48). "For unweighted graphs, we inserted random
 *   weights": here the default uniform 1..2^20.
 * Ma and Wan, "Heterogeneous CPU-GPU Orchestration for Repeated MST Computation", section 2:
 *   families circulant, complete, grid, R-MAT, caveman ("Graph Features"); sizes Tiny 16, Small
 *   64, Medium 1,024, Large 65,536 and Huge 262,144 vertices (Table 1: the FAMILY-tiny, -small,
 *   -medium, -large presets, and the -2e18 ones for Huge); circulant k = 8, grid, RMAT "8x
 *   edges" (Table 3); complete n = 16,384 (Table 4, Figure 4). Where k = 8 does not fit (n = 16:
 *   2k < n needs k <= 7) k is the largest that does. The clique size of their caveman graph is
 *   not given: 16 here (16,384 cliques at Huge; 2 cliques of 8 at Tiny). Complete graphs stop
 *   at Medium (Large would have 2^31 edges); the size sweep is Table 4's n = 512, 1,024, 4,096,
 *   16,384 (complete-2e9 .. complete-2e14), the density sweep Table 5's G(n, p) at n = 16,384,
 *   p = 0.1 .. 1.0 (gnp-2e14-p01 .. gnp-2e14-p10), and their mixed sparse/dense R-MAT workload
 *   of section 4 (n = 49,152, about 16,384 in dense clusters with more than K^2/2 edges) the
 *   mixed family (fam_mixed.c) as rmat-mixed: 16 clusters of 1,024 vertices at p = 0.75 (the
 *   paper gives no cluster size) beside an R-MAT graph of scale 15, edge factor 8.
 * Vineet, Harish, Patidar and Narayanan, "Fast Minimum Spanning Tree for Large Graphs on the
 *   GPU", HPG 2009, section 4: random, R-MAT and SSCA#2 graphs (GTgraph) "up to 5M vertices
 *   with 30M edges with a maximum weight range 1 to 1K". Their SSCA#2 clique size is not given:
 *   --max-clique 17 gives about 30M edges at 5M vertices (seed 1: 30,497,325); ssca2-2e16 is
 *   the same family at 65,536 vertices, for tests.
 */
#include <string.h>

#include "gen.h"

const gen_preset gen_presets[] = {
    /* Shou and He, section 4.1: sparse and dense test sets */
    {"sparse-small", "random --vertices 100000 --edges 150000 --connected --weights distinct",
     "Shou and He 4.1, sparse/small.txt: n 100,000, m 149,960"},
    {"sparse-medium", "random --vertices 1000000 --edges 1500000 --connected --weights distinct",
     "Shou and He 4.1, sparse/medium.txt: n 1,000,000, m 1,501,216"},
    {"sparse-large", "random --vertices 10000000 --edges 15000000 --connected --weights distinct",
     "Shou and He 4.1, sparse/large.txt: n 10,000,000, m 15,000,571"},
    {"sparse-extreme",
     "random --vertices 20000000 --edges 30000000 --connected --weights distinct",
     "Shou and He 4.1, sparse/extreme.txt: n 20,000,000, m 29,998,467"},
    {"dense-small", "gnp --vertices 200 --p 0.9 --connected --weights distinct",
     "Shou and He 4.1, dense/small.txt: n 200, m 17,847"},
    {"dense-medium", "gnp --vertices 1000 --p 0.9 --connected --weights distinct",
     "Shou and He 4.1, dense/medium.txt: n 1,000, m 449,576"},
    {"dense-large", "gnp --vertices 5000 --p 0.9 --connected --weights distinct",
     "Shou and He 4.1, dense/large.txt: n 5,000, m 11,245,624"},
    {"dense-extreme", "gnp --vertices 8000 --p 0.9 --connected --weights distinct",
     "Shou and He 4.1, dense/extreme.txt: n 8,000, m 28,793,554"},
    /* ECL-MST (Fallin et al., SC 2023), section 4, Table 2: synthetic inputs */
    {"2d-2e20", "grid2d --rows 1024 --cols 1024",
     "ECL-MST Table 2, 2d-2e20.sym: n 1,048,576, m 2,095,104"},
    {"r4-2e23", "kout --vertices 8388608 --k 4",
     "ECL-MST Table 2, r4-2e23.sym: n 8,388,608, m 33,554,423, 1 component"},
    {"rmat16", "rmat --scale 16 --edge-factor 8 --abcd 0.55,0.1,0.1",
     "ECL-MST Table 2, rmat16.sym: n 65,536, m 483,933, 3,900 components"},
    {"rmat22", "rmat --scale 22 --edge-factor 8 --abcd 0.55,0.1,0.1",
     "ECL-MST Table 2, rmat22.sym: n 4,194,304, m 32,830,407, 428,640 components"},
    {"kron-logn21", "kronecker --scale 21 --edge-factor 48",
     "ECL-MST Table 2, kron_g500-logn21: n 2,097,152, m 91,040,932, 553,159 components"},
    /* Ma and Wan, sections 2 and 4: the families at n = 262,144, complete at n = 16,384 */
    {"circulant-2e18", "circulant --vertices 262144 --k 8",
     "Ma and Wan Table 3 circulant (k=8), n 262,144"},
    {"grid-2e18", "grid2d --rows 512 --cols 512", "Ma and Wan Table 3 grid, n 262,144"},
    {"rmat-2e18", "rmat --scale 18 --edge-factor 8",
     "Ma and Wan Table 3 RMAT (8x edges), n 262,144"},
    {"caveman-2e18", "caveman --cliques 16384 --size 16",
     "Ma and Wan Table 1 caveman, n 262,144 (clique size 16 chosen here)"},
    {"complete-2e14", "complete --vertices 16384", "Ma and Wan Table 4 complete, n 16,384"},
    /* Ma and Wan, Table 1: the sizes Tiny to Large of every family */
    {"circulant-tiny", "circulant --vertices 16 --k 7", "Ma and Wan Table 1 Tiny, n 16 (k 7)"},
    {"circulant-small", "circulant --vertices 64 --k 8", "Ma and Wan Table 1 Small, n 64"},
    {"circulant-medium", "circulant --vertices 1024 --k 8", "Ma and Wan Table 1 Medium, n 1,024"},
    {"circulant-large", "circulant --vertices 65536 --k 8", "Ma and Wan Table 1 Large, n 65,536"},
    {"grid-tiny", "grid2d --rows 4 --cols 4", "Ma and Wan Table 1 Tiny, n 16"},
    {"grid-small", "grid2d --rows 8 --cols 8", "Ma and Wan Table 1 Small, n 64"},
    {"grid-medium", "grid2d --rows 32 --cols 32", "Ma and Wan Table 1 Medium, n 1,024"},
    {"grid-large", "grid2d --rows 256 --cols 256", "Ma and Wan Table 1 Large, n 65,536"},
    {"rmat-tiny", "rmat --scale 4 --edge-factor 8", "Ma and Wan Table 1 Tiny, n 16"},
    {"rmat-small", "rmat --scale 6 --edge-factor 8", "Ma and Wan Table 1 Small, n 64"},
    {"rmat-medium", "rmat --scale 10 --edge-factor 8", "Ma and Wan Table 1 Medium, n 1,024"},
    {"rmat-large", "rmat --scale 16 --edge-factor 8", "Ma and Wan Table 1 Large, n 65,536"},
    {"caveman-tiny", "caveman --cliques 2 --size 8", "Ma and Wan Table 1 Tiny, n 16"},
    {"caveman-small", "caveman --cliques 4 --size 16", "Ma and Wan Table 1 Small, n 64"},
    {"caveman-medium", "caveman --cliques 64 --size 16", "Ma and Wan Table 1 Medium, n 1,024"},
    {"caveman-large", "caveman --cliques 4096 --size 16", "Ma and Wan Table 1 Large, n 65,536"},
    {"complete-tiny", "complete --vertices 16", "Ma and Wan Table 1 Tiny, n 16"},
    {"complete-small", "complete --vertices 64", "Ma and Wan Table 1 Small, n 64"},
    /* Ma and Wan, Table 4: complete graphs of growing size (and complete-2e14 above) */
    {"complete-2e9", "complete --vertices 512", "Ma and Wan Table 4 complete, n 512"},
    {"complete-2e10", "complete --vertices 1024",
     "Ma and Wan Table 4 complete, n 1,024 (Table 1 Medium)"},
    {"complete-2e12", "complete --vertices 4096", "Ma and Wan Table 4 complete, n 4,096"},
    /* Ma and Wan, Table 5: the density sweep G(16384, p) */
    {"gnp-2e14-p01", "gnp --vertices 16384 --p 0.1", "Ma and Wan Table 5, p 0.1"},
    {"gnp-2e14-p02", "gnp --vertices 16384 --p 0.2", "Ma and Wan Table 5, p 0.2"},
    {"gnp-2e14-p03", "gnp --vertices 16384 --p 0.3", "Ma and Wan Table 5, p 0.3"},
    {"gnp-2e14-p04", "gnp --vertices 16384 --p 0.4", "Ma and Wan Table 5, p 0.4"},
    {"gnp-2e14-p05", "gnp --vertices 16384 --p 0.5", "Ma and Wan Table 5, p 0.5"},
    {"gnp-2e14-p06", "gnp --vertices 16384 --p 0.6", "Ma and Wan Table 5, p 0.6"},
    {"gnp-2e14-p07", "gnp --vertices 16384 --p 0.7", "Ma and Wan Table 5, p 0.7"},
    {"gnp-2e14-p08", "gnp --vertices 16384 --p 0.8", "Ma and Wan Table 5, p 0.8"},
    {"gnp-2e14-p09", "gnp --vertices 16384 --p 0.9", "Ma and Wan Table 5, p 0.9"},
    {"gnp-2e14-p10", "gnp --vertices 16384 --p 1.0", "Ma and Wan Table 5, p 1.0 (complete)"},
    /* Ma and Wan, section 4: the mixed sparse/dense R-MAT workload of the Hybrid strategy */
    {"rmat-mixed", "mixed --scale 15 --cliques 16 --size 1024 --p 0.75",
     "Ma and Wan 4, mixed R-MAT: n 49,152, 16,384 in 16 dense clusters"},
    /* Vineet et al. 2009, section 4: the largest SSCA#2 graph, and a small one */
    {"ssca2-5m", "ssca2 --vertices 5000000 --max-clique 17 --max-weight 1000",
     "Vineet et al. 4, SSCA#2: n 5,000,000, m about 30M, weights 1..1000"},
    {"ssca2-2e16", "ssca2 --vertices 65536 --max-clique 17 --max-weight 1000",
     "the ssca2-5m family at n 65,536 (tests)"},
    {NULL, NULL, NULL},
};

const gen_preset *gen_preset_find(const char *name)
{
    for (const gen_preset *p = gen_presets; p->name != NULL; p++)
        if (strcmp(p->name, name) == 0)
            return p;
    return NULL;
}

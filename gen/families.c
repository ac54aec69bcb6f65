/*
 * families.c: the table of mst-gen's graph families: name, options, one-line summary, and the
 * check/generate pair of each (implemented in fam_*.c, whose header comments cite the sources).
 * The meta-family `components --parts P FAMILY ...` (P disjoint copies) is handled by main.c.
 */
#include <string.h>

#include "gen.h"

#define B(x) GP_BIT(GP_##x)

const gen_family gen_families[] = {
    {"random", "--vertices N --edges M [--connected]",
     "uniform G(n, M): M random pairs, repeats removed; --connected: the first n-1\n"
     "             form a random spanning tree",
     B(VERTICES) | B(EDGES), B(CONNECTED), 1, gen_check_random, NULL, gen_random_range},
    {"gnp", "--vertices N --p P [--connected]",
     "Gilbert G(n, p): every pair with probability P, O(n^2) work (dense graphs)",
     B(VERTICES) | B(P), B(CONNECTED), 0, gen_check_gnp, gen_gnp, NULL},
    {"kout", "--vertices N --k K",
     "random K-out graph: every vertex joined to K random others (r4-2e23 is K = 4)",
     B(VERTICES) | B(K), 0, 1, gen_check_kout, NULL, gen_kout_range},
    {"rmat", "--scale S [--edge-factor F] [--abcd a,b,c[,d]]",
     "R-MAT (Chakrabarti et al. 2004): 2^S vertices, F 2^S edges before dedup; F = 16,\n"
     "             a,b,c = 0.57,0.19,0.19 by default",
     B(SCALE), B(EDGE_FACTOR) | B(ABCD), 1, gen_check_rmat, NULL, gen_rmat_range},
    {"kronecker", "--scale S [--edge-factor F]",
     "Graph500 Kronecker generator (A,B,C = 0.57,0.19,0.19) with its vertex permutation",
     B(SCALE), B(EDGE_FACTOR), 1, gen_check_kronecker, NULL, gen_kronecker_range},
    {"grid2d", "--rows R --cols C", "R x C grid, 4-neighbour", B(ROWS) | B(COLS), 0, 0,
     gen_check_grid2d, NULL, gen_grid2d_range},
    {"grid3d", "--side K", "K x K x K cube, 6-neighbour", B(SIDE), 0, 0, gen_check_grid3d,
     NULL, gen_grid3d_range},
    {"circulant", "--vertices N --k K",
     "ring, each vertex joined to K neighbours on each side (2K-regular)", B(VERTICES) | B(K), 0,
     0, gen_check_circulant, NULL, gen_circulant_range},
    {"complete", "--vertices N", "all N(N-1)/2 pairs", B(VERTICES), 0, 0, gen_check_complete,
     NULL, gen_complete_range},
    {"caveman", "--cliques C --size K",
     "connected caveman (Watts 1999): ring of C cliques of K vertices", B(CLIQUES) | B(SIZE), 0,
     0, gen_check_caveman, NULL, gen_caveman_range},
    {"geometric", "--vertices N --degree D",
     "random points in the unit square, each joined to its D nearest neighbours;\n"
     "             Euclidean float32 weights",
     B(VERTICES) | B(DEGREE), 0, 1, gen_check_geometric, gen_geometric, NULL},
    {"ssca2", "--vertices N [--max-clique K] [--p-inter P] [--max-parallel M] [--max-weight W]",
     "SSCA#2 (Bader and Madduri 2005, GTgraph): random-sized cliques, inter-clique\n"
     "             edges rarer with distance; integer weights 1..W",
     B(VERTICES), B(MAX_CLIQUE) | B(P_INTER) | B(MAX_PARALLEL) | B(MAX_WEIGHT), 1,
     gen_check_ssca2, gen_ssca2, NULL},
    {"mixed", "--scale S --cliques C --size K --p P [--edge-factor F] [--abcd a,b,c[,d]]",
     "Ma and Wan's mixed sparse/dense R-MAT: C dense G(K, P) clusters, an R-MAT\n"
     "             graph on 2^S more vertices (F = 8), one edge from each cluster vertex",
     B(SCALE) | B(CLIQUES) | B(SIZE) | B(P), B(EDGE_FACTOR) | B(ABCD), 1, gen_check_mixed,
     gen_mixed, NULL},
    {NULL, NULL, NULL, 0, 0, 0, NULL, NULL, NULL},
};

const gen_family *gen_family_find(const char *name)
{
    for (const gen_family *f = gen_families; f->name != NULL; f++)
        if (strcmp(f->name, name) == 0)
            return f;
    return NULL;
}

/*
 * rounds.h: new weights on the shares of a loaded graph (--rounds; docs/rounds.md): Ma and
 * Wan's repeated MSF on one topology, with the topology distributed once. Only the keys of the
 * shares change; the arcs, their owners and the partition stay.
 */
#ifndef MST_MPI_ROUNDS_H
#define MST_MPI_ROUNDS_H

#include <stdint.h>

#include "comm.h"
#include "dboruvka.h"
#include "core.h"
#include "load.h"

/*
 * Collective: gives the keys of round weights to this rank's slice (boruvka-allreduce), share
 * (ghs) and boruvka's share bg (any of them may be empty), flipped to UINT32_MAX - key when `maximum`.
 * random: every rank computes its edges' keys itself, mst_random_weight_key(seed, edge id):
 * no communication, O(m / p). Else rank 0's g holds the whole graph's keys, which it
 * broadcasts in chunks: every rank holds all m keys (4 bytes each) while it picks its own.
 * Errors (agreed): MST_ERESOURCE.
 */
mst_status dist_rekey(const dist_ctx *c, const mst_graph *g, int random, uint64_t seed,
                      int maximum, dist_slice *sl, dist_share *sh, dbv_graph *bg);

#endif

/*
 * ghs_window.h: the test window, an option layered on procedure test (5) of Gallager, Humblet
 * and Spira (1983, appendix) as ghs.c runs it (--test-window K). With K = 1 ghs.c is the
 * paper's procedure and never calls here; this file and ghs_window.c are the rest.
 *
 * GHS tests a vertex's Basic edges one at a time, in weight order, each a round trip: on a
 * dense graph a vertex rejects thousands of edges, so between ranks the run is a chain of
 * thousands of round trips. With a window a vertex in Find tests at once the Basic edges among
 * the `size` arcs that follow its cursor (its lightest Basic arc, GHS's test-edge); its search
 * ends when its lightest Basic edge is Accepted (everything lighter was Rejected) or none is
 * left. The window starts at 1 in every Find and grows by one per edge the search rejects, up
 * to K, so a search that meets an outgoing edge at once sends what GHS sends. Why it stays
 * correct:
 * - An Accept or Reject carries the level of the Test it answers, and a vertex waits only for
 *   answers to Tests of its current Find (its level rises at every Initiate it gets, so it
 *   tests an edge at most once per level) on the Basic arcs from its cursor to its frontier
 *   (the first arc not yet tested). An Accept pulls the frontier back to just past its arc:
 *   heavier edges are no longer needed, nor answers about them. Any other Accept is dropped;
 *   a Reject is always true (the same fragment for good) and is kept.
 * - The crossing rule of response (6) (a Test from the vertex's own fragment on an edge it is
 *   itself testing answers both, and no Reject is sent) applies only to a Test it waits for.
 *   Both ends then see the same fragment name, as in GHS: a fragment's Find cannot end while
 *   one of its vertices still waits for that answer. Otherwise the Reject is sent (a true one,
 *   kept whether its receiver still waits or not).
 * - An Accepted edge stays Basic until the search ends: the fragment at its other end (of the
 *   same level or higher, another name) cannot join this one before this one's Find ends.
 * The state is three bytes of the vertex's header (ghs_window below): testing writes nothing
 * to the arcs. Each Find sends at most min(K - 1, edges it rejected) Tests (and their answers)
 * beyond GHS's, so the bound becomes 5 n log2 n + 2 m + 2 min((K - 1) n log2 n, 2 m).
 *
 * The interface, by the response of ghs.c that calls it: (4) ghs_window_start(), (5)
 * ghs_window_test(), (6) and (7) ghs_window_waits(), (6) and (8) ghs_window_grow(), (7)
 * ghs_window_accept(). Arcs are indices into the rank's arcs (ghs.h).
 */
#ifndef MST_MPI_GHS_WINDOW_H
#define MST_MPI_GHS_WINDOW_H

#include <stdint.h>

struct ghs_machine;
struct ghs_vertex;

/* A vertex's window, counted in arcs from its cursor. */
typedef struct ghs_window {
    uint8_t size;     /* arcs from the cursor it may test, 1 .. K */
    uint8_t ahead;    /* arcs from the cursor to the frontier: the first arc not tested in this
                       * Find, or the one after the Accepted arc */
    uint8_t accepted; /* the arc before the frontier was Accepted in this Find */
} ghs_window;

/* (4) A new Find (or Found): nothing tested, a window of 1. */
static inline void ghs_window_start(ghs_window *w)
{
    w->size = 1;
    w->ahead = 0;
    w->accepted = 0;
}

/* (6), (7) Whether the vertex with this window and cursor waits for the answer to its Test on
 * arc j (GHS: test-edge = j): a Basic arc from the cursor to the frontier, less an Accepted
 * one. Answers to Tests heavier than an Accepted arc, or of an earlier Find, are not waited
 * for. */
static inline int ghs_window_waits(const ghs_window *w, uint32_t cursor, uint32_t j)
{
    uint32_t d = j - cursor; /* huge when j is below the cursor */
    return d < w->ahead && !(w->accepted && d + 1 == w->ahead);
}

/* (6), (8) One more edge rejected by a running search: the window grows by one, up to k (at
 * k = 1, nothing). */
static inline void ghs_window_grow(ghs_window *w, uint8_t k)
{
    if (w->size < k)
        w->size++;
}

/* (7) An Accept that the vertex waits for (ghs_window_waits) on arc j: the frontier comes back
 * to just past j. Returns 1 when j is the cursor's arc (the search ends with j), 0 when Tests
 * on lighter arcs still wait (procedure test walks on; the search ends at j at the latest). */
static inline int ghs_window_accept(ghs_window *w, uint32_t cursor, uint32_t j)
{
    w->accepted = 1;
    w->ahead = (uint8_t)(j - cursor + 1);
    return j == cursor;
}

/*
 * (5) The window's part of procedure test, after ghs.c moved v's cursor from arc `from` past
 * the Branch and Rejected arcs to v's lightest Basic arc (before v->end). Unless an arc was
 * Accepted in this Find, Tests go out on the Basic arcs from the frontier up to v's window size
 * from the cursor (the cursor's arc first when nothing is in flight: all a window of 1 sends),
 * through the machine's message layer. Returns 1 when the cursor's arc is the Accepted one: the
 * search ends with it. Cursor and frontier only move forward: O(1) amortized per call.
 */
int ghs_window_test(struct ghs_machine *s, struct ghs_vertex *v, uint32_t from);

#endif

/*
 * ghs_window.c: the test window's part of procedure test (5) (ghs_window.h): the Tests ahead
 * of a vertex's cursor.
 */
#include "ghs_window.h"

#include "ghs_machine.h"

int ghs_window_test(ghs_machine *s, ghs_vertex *v, uint32_t from)
{
    ghs_window *w = &v->win;
    uint32_t k = v->cursor, front = from + w->ahead;
    if (w->accepted) { /* the Accepted arc, the frontier's last, is never passed */
        w->ahead = (uint8_t)(front - k);
        return w->ahead == 1;
    }
    if (front <= k) { /* nothing in flight: the cursor's arc first */
        ghs_send(s, k, GHS_TEST, v->level, 0, 0, v->fn);
        front = k + 1;
    }
    uint32_t limit = v->end - k > w->size ? k + w->size : v->end;
    for (; front < limit; front++)
        if (s->arc[front].se == GHS_BASIC)
            ghs_send(s, front, GHS_TEST, v->level, 0, 0, v->fn);
    w->ahead = (uint8_t)(front - k);
    return 0;
}

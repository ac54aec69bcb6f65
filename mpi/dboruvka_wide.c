/* dboruvka_wide.c: the distributed Borůvka over 20-byte arcs with 64-bit edge ids, for graphs
 * of 2^32 edges or more, or any graph with --wide-ids (dboruvka.h). */
#define DBV_WIDE 1
#include "dboruvka_body.h"

/* dboruvka_narrow.c: the distributed Borůvka over 16-byte arcs with 32-bit edge ids, for graphs
 * of fewer than 2^32 edges (dboruvka.h). */
#define DBV_WIDE 0
#include "dboruvka_body.h"

/* ghs_msg.h: a GHS message as it travels between vertices (ghs_net.h, ghs_shm.h). */
#ifndef MST_MPI_GHS_MSG_H
#define MST_MPI_GHS_MSG_H

#include <stdint.h>

/* A GHS message (24 bytes; batches and rings are arrays of them). */
typedef struct ghs_msg {
    uint32_t to;   /* destination vertex: local index at its rank */
    uint32_t slot; /* the arc it arrives on, at the destination */
    uint8_t type, level, sn, pad;
    uint32_t key;  /* Report: the weight's key */
    uint64_t eid;  /* Report: the weight's edge id; Initiate, Test: the fragment name */
} ghs_msg;

#endif

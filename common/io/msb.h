/*
 * msb.h: the suite's own binary graph format (.msb): the canonical edge list as it is in memory,
 * so it loads at disk speed and can be mmap'ed or read in slices (MPI-IO).
 *
 * Layout, all little-endian, arrays 4-byte aligned (the 8-byte weights 8-byte aligned):
 *   offset  0  char[8]   magic "MSTSUITE"
 *   offset  8  uint32    version (1)
 *   offset 12  uint32    weight type: 0 none (unweighted), 1 int32, 2 uint32, 3 float32,
 *                        4 int64, 5 uint64, 6 float64 (1 + mst_weight_type)
 *   offset 16  uint32    n
 *   offset 20  uint32    flags: bit 0 = the source's vertex numbering was 1-based
 *   offset 24  uint64    m
 *   offset 32  uint32    u[m]
 *              uint32    v[m]
 *              uint32    w[m]  raw weight bits (int32, uint32 or float32), types 1..3
 *           or uint64    w[m]  raw weight bits (int64, uint64 or float64), types 4..6
 *                              (absent if type 0)
 * Nothing may follow. Edges are already canonical (edge id = position): the loader does not
 * symmetrize; self-loops, if any, are dropped and counted.
 */
#ifndef MST_MSB_H
#define MST_MSB_H

#define MST_MSB_MAGIC "MSTSUITE"
#define MST_MSB_VERSION 1u
#define MST_MSB_HEADER_BYTES 32u

#endif

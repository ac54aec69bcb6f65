/*
 * tmpdir.h: a fresh temporary directory for a unit-test suite (Criterion .init/.fini), and
 * paths inside it.
 */
#ifndef MST_TEST_TMPDIR_H
#define MST_TEST_TMPDIR_H

/* Makes a fresh directory /tmp/mst-test-XXXXXX (asserts on failure). A suite's .init. */
void tmp_dir_make(void);

/* Removes the directory and what is in it (files, and subdirectories empty by now). A suite's
 * .fini. */
void tmp_dir_remove(void);

/* DIR/name, in one of 4 rotating static buffers (a call overwrites the 4th call before it). */
const char *tmp_path(const char *name);

/* Number of entries in the directory (without . and ..). */
int tmp_dir_entries(void);

#endif

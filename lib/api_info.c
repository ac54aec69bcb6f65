/* api_info.c: libmst's version, status names and last error (mst.h). */
#include "internal.h"

/* The public codes are the suite's exit codes, passed through unchanged. */
_Static_assert((int)MSF_EUSAGE == (int)MST_EUSAGE && (int)MSF_EINPUT == (int)MST_EINPUT &&
                   (int)MSF_ERESOURCE == (int)MST_ERESOURCE &&
                   (int)MSF_EVERIFY == (int)MST_EVERIFY &&
                   (int)MSF_EINTERNAL == (int)MST_EINTERNAL,
               "msf_status and mst_status differ");

const char *msf_version(void)
{
    return MSF_VERSION_STRING;
}

const char *msf_last_error(void)
{
    return mst_last_error();
}

const char *msf_status_name(msf_status st)
{
    return mst_status_name((mst_status)st);
}

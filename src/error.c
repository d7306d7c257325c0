/* error.c — the last failure's status and message, and message formatting. */
#include "core.h"
#include <stdarg.h>
#include <stdio.h>

/* per thread in the threaded build: instances on one memory fail independently */
static WT_TLS int err_status = WT_OK;
static WT_TLS char err_msg[1024];

wt_status wt_error_fail(wt_status st, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err_msg, sizeof err_msg, fmt, ap);
    va_end(ap);
    err_status = st;
    return st;
}

const char *wt_error_message(void) { return err_msg; }
int wt_error_status(void) { return err_status; }
void wt_error_clear(void) {
    err_status = WT_OK;
    err_msg[0] = 0;
}

const char *wt_status_name(int st) {
    static const char *const names[] = {"WT_OK",        "WT_EINVAL", "WT_ESHAPE",  "WT_EDTYPE",  "WT_ENOMEM",
                                        "WT_EREADONLY", "WT_EINDEX", "WT_ESYNTAX", "WT_EBOUNDS", "WT_ELINALG"};
    if (st < 0 || st >= (int)(sizeof names / sizeof names[0])) return "WT_UNKNOWN";
    return names[st];
}

const char *wt_version(void) { return WT_VERSION_STRING; }

const char *wt_error_fmt_shape(char *buf, size_t cap, int ndim, const int64_t *shape) {
    size_t n = 0;
    if (cap == 0) return buf;
    buf[0] = 0;
    n += (size_t)snprintf(buf, cap, "(");
    for (int i = 0; i < ndim && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, i ? ",%lld" : "%lld", (long long)shape[i]);
    /* Python spells a 1-tuple "(3,)" */
    if (n < cap) n += (size_t)snprintf(buf + n, cap - n, ndim == 1 ? ",)" : ")");
    return buf;
}

// CZlib.h: zlib for Swift, plus a function for inflateInit2, a macro Swift cannot call.
#ifndef CZLIB_H
#define CZLIB_H

#include <zlib.h>

/// inflateInit2 for gzip-wrapped data only (window bits 16 + MAX_WBITS); a single forwarding call.
static inline int czlib_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 16 + MAX_WBITS);
}

#endif

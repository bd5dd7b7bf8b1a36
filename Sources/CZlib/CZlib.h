// CZlib.h: zlib for Swift, plus functions for deflateInit2 and inflateInit2, macros Swift cannot call.
#ifndef CZLIB_H
#define CZLIB_H

#include <zlib.h>

/// inflateInit2 for gzip-wrapped data only (window bits 16 + MAX_WBITS); a single forwarding call.
static inline int czlib_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 16 + MAX_WBITS);
}

/// deflateInit2 writing a gzip wrapper (window bits 16 + MAX_WBITS) at `level`, with zlib's
/// default memory level and strategy; a single forwarding call.
static inline int czlib_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}

#endif

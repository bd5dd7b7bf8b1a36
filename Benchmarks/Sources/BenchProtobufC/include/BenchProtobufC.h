// BenchProtobufC.h: the C API codec-bench calls to build, pack and unpack protobuf-c messages.
#ifndef BENCH_PROTOBUF_C_H
#define BENCH_PROTOBUF_C_H

#include <stddef.h>
#include <stdint.h>

/// The benchmark cases, in the order codec-bench runs them.
typedef enum BenchCCase {
    BENCH_C_SMALL = 0,
    BENCH_C_MEDIUM = 1,
    BENCH_C_DEEP = 2,
    BENCH_C_LARGE = 3,
    BENCH_C_SPARSE = 4,
    BENCH_C_CATALOG = 5,
    BENCH_C_RECORDS = 6
} BenchCCase;

/// Unpacks `bytes` (another library's encoding) as the message of a realworld case
/// (`BENCH_C_CATALOG`, `BENCH_C_RECORDS`) and keeps it as that case's message from then on;
/// returns 1, or 0 if protobuf-c rejects the bytes. The realworld content is generated in Swift
/// once and reaches protobuf-c this way rather than through a third builder.
int bench_c_adopt(BenchCCase which, const uint8_t *bytes, size_t length);

/// The encoded size of the case's protobuf-c message (built on first use).
size_t bench_c_packed_size(BenchCCase which);

/// Packs the case's message into `out`; returns the bytes written, or 0 if `capacity` is short.
size_t bench_c_pack(BenchCCase which, uint8_t *out, size_t capacity);

/// Unpacks `bytes` as the case's message type and packs the result into `out`; returns the
/// bytes written, or 0 if unpacking failed or `capacity` is short. Used to check that
/// protobuf-c decodes every library's encoding to the same content.
size_t bench_c_repack(BenchCCase which, const uint8_t *bytes, size_t length, uint8_t *out, size_t capacity);

/// Runs `iterations` encodes (packed size, malloc, pack, free) of the case's message and
/// returns a checksum of the output, so that no work can be optimized away.
uint64_t bench_c_encode_loop(BenchCCase which, size_t iterations);

/// Runs `iterations` decodes (unpack, free_unpacked) of `bytes`; returns `iterations`, or 0 if
/// any unpack failed.
uint64_t bench_c_decode_loop(BenchCCase which, const uint8_t *bytes, size_t length, size_t iterations);

#endif

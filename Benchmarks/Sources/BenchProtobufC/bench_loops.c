// bench_loops.c: the protobuf-c pack/unpack loops codec-bench times, and the repack check.
#include <stdlib.h>

#include "bench_cases.h"

size_t bench_c_packed_size(BenchCCase which) {
    return protobuf_c_message_get_packed_size(bench_c_message(which));
}

size_t bench_c_pack(BenchCCase which, uint8_t *out, size_t capacity) {
    const ProtobufCMessage *message = bench_c_message(which);
    if (protobuf_c_message_get_packed_size(message) > capacity) return 0;
    return protobuf_c_message_pack(message, out);
}

size_t bench_c_repack(BenchCCase which, const uint8_t *bytes, size_t length, uint8_t *out, size_t capacity) {
    ProtobufCMessage *message = protobuf_c_message_unpack(bench_c_descriptor(which), NULL, length, bytes);
    if (!message) return 0;
    size_t written = 0;
    if (protobuf_c_message_get_packed_size(message) <= capacity) {
        written = protobuf_c_message_pack(message, out);
    }
    protobuf_c_message_free_unpacked(message, NULL);
    return written;
}

uint64_t bench_c_encode_loop(BenchCCase which, size_t iterations) {
    const ProtobufCMessage *message = bench_c_message(which);
    uint64_t checksum = 0;
    for (size_t i = 0; i < iterations; i++) {
        size_t size = protobuf_c_message_get_packed_size(message);
        uint8_t *out = malloc(size ? size : 1);
        if (!out) abort();
        size_t written = protobuf_c_message_pack(message, out);
        checksum += written + (written ? out[written - 1] : 0);
        free(out);
    }
    return checksum;
}

uint64_t bench_c_decode_loop(BenchCCase which, const uint8_t *bytes, size_t length, size_t iterations) {
    const ProtobufCMessageDescriptor *descriptor = bench_c_descriptor(which);
    for (size_t i = 0; i < iterations; i++) {
        ProtobufCMessage *message = protobuf_c_message_unpack(descriptor, NULL, length, bytes);
        if (!message) return 0;
        protobuf_c_message_free_unpacked(message, NULL);
    }
    return iterations;
}

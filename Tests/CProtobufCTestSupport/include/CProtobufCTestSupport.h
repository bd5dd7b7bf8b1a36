// CProtobufCTestSupport.h: test-only C glue over protobuf-c 1.4.1 for the ProtoWire cross-checks.
#ifndef CPROTOBUFC_TEST_SUPPORT_H
#define CPROTOBUFC_TEST_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

/// The top-level test messages protobuf-c can handle here.
typedef enum {
    /// protohttp.test.TestAllTypes3 (Protos/test/test_types3.proto).
    PCX_SCHEMA_ALL_TYPES3 = 3,
    /// protohttp.test2.TestAllTypes2 (Protos/test/test_types2.proto).
    PCX_SCHEMA_ALL_TYPES2 = 2,
} PCXSchema;

/// Bytes owned by C; release with pcx_buffer_free.
typedef struct {
    uint8_t *data;
    size_t len;
} PCXBuffer;

/// Releases a buffer's bytes and empties it.
void pcx_buffer_free(PCXBuffer *buffer);

/// Unpacks `len` bytes as the schema's top-level message; NULL when protobuf-c rejects them.
/// Release with pcx_message_free.
void *pcx_unpack(PCXSchema schema, const uint8_t *data, size_t len);

/// Packs a message with protobuf_c_message_pack. Returns 0, or -1 when out of memory.
int pcx_pack(const void *message, PCXBuffer *out);

/// Writes the canonical text dump of a message (see pcx_dump.c for the format).
/// Returns 0, or -1 when out of memory.
int pcx_dump(const void *message, PCXBuffer *out);

/// Builds a random message of the schema from `seed`, walking its descriptor.
/// NULL for an unknown schema; aborts when out of memory. Release with pcx_message_free.
void *pcx_random_message(PCXSchema schema, uint64_t seed, int max_depth);

/// Frees a message from pcx_unpack or pcx_random_message.
void pcx_message_free(void *message);

#endif

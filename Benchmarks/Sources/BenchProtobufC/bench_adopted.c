// bench_adopted.c: the realworld cases' protobuf-c messages, unpacked once from another library's encoding.
#include <stdio.h>
#include <stdlib.h>

#include "bench_cases.h"

static ProtobufCMessage *adopted[2];

static int slot(BenchCCase which) {
    switch (which) {
    case BENCH_C_CATALOG: return 0;
    case BENCH_C_RECORDS: return 1;
    default: return -1;
    }
}

int bench_c_adopt(BenchCCase which, const uint8_t *bytes, size_t length) {
    int index = slot(which);
    if (index < 0) return 0;
    ProtobufCMessage *message = protobuf_c_message_unpack(bench_c_descriptor(which), NULL, length, bytes);
    if (!message) return 0;
    if (adopted[index]) protobuf_c_message_free_unpacked(adopted[index], NULL);
    adopted[index] = message;
    return 1;
}

const ProtobufCMessage *bench_c_adopted(BenchCCase which) {
    int index = slot(which);
    if (index < 0 || !adopted[index]) {
        fprintf(stderr, "bench_c_adopted: case %d has no message; call bench_c_adopt first\n", (int)which);
        abort();
    }
    return adopted[index];
}

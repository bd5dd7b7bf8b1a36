// pcx_internal.h: declarations shared by the C glue files (growable text buffer, descriptors).
#ifndef PCX_INTERNAL_H
#define PCX_INTERNAL_H

#include <protobuf-c/protobuf-c.h>
#include "CProtobufCTestSupport.h"

/// A growable byte buffer; `failed` sticks once an allocation fails.
typedef struct {
    uint8_t *data;
    size_t len;
    size_t cap;
    int failed;
} PCXText;

void pcx_text_append(PCXText *t, const void *bytes, size_t n);
void pcx_text_puts(PCXText *t, const char *s);
void pcx_text_printf(PCXText *t, const char *format, ...) __attribute__((format(printf, 2, 3)));

/// The top-level descriptor of a schema, or NULL.
const ProtobufCMessageDescriptor *pcx_descriptor(PCXSchema schema);

/// Whether a message type is a synthesized map entry (`XxxEntry` with key = 1, value = 2).
int pcx_is_map_entry(const ProtobufCMessageDescriptor *d);

/// The size of one element of a repeated field of this type in protobuf-c's arrays.
size_t pcx_element_size(ProtobufCType type);

#endif

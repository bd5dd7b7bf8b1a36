// bench_cases.c: builds the benchmark messages with protobuf-c; same content as the Swift builders.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_cases.h"

enum { DEEP_LEVELS = 32, SPARSE_LEVELS = 32, LARGE_BLOB = 1 << 20, LARGE_VALUES = 100000 };

static char small_name[] = "alice";
static Protohttp__Bench__Small small_msg = PROTOHTTP__BENCH__SMALL__INIT;

static char medium_string[] =
    "ProtoHTTP benchmark payload: the quick brown fox jumps over the lazy dog; "
    "na\xc3\xafve caf\xc3\xa9, Gr\xc3\xbc\xc3\x9f" "e, \xe6\x9d\xb1\xe4\xba\xac, \xf0\x9f\x9a\x80 done.";
static uint8_t medium_bytes[64];
static char item_label[] = "primary item";
static Protohttp__Bench__Item medium_item = PROTOHTTP__BENCH__ITEM__INIT;
static int32_t r_int32[24];
static int64_t r_int64[16];
static int32_t r_sint32[16];
static uint32_t r_fixed32[8];
static double r_double[8];
static Protohttp__Bench__Kind r_kind[6] = {
    PROTOHTTP__BENCH__KIND__KIND_ALPHA, PROTOHTTP__BENCH__KIND__KIND_BETA, PROTOHTTP__BENCH__KIND__KIND_GAMMA,
    PROTOHTTP__BENCH__KIND__KIND_ALPHA, PROTOHTTP__BENCH__KIND__KIND_BETA, PROTOHTTP__BENCH__KIND__KIND_GAMMA,
};
static char *r_string[8] = {
    "label:alpha", "label:beta", "label:gamma", "label:delta",
    "label:epsilon", "label:zeta", "label:eta", "label:theta",
};
static char r_item_labels[6][16];
static Protohttp__Bench__Item r_item_store[6];
static Protohttp__Bench__Item *r_item[6];
static char count_keys[8][8];
static Protohttp__Bench__Medium__MCountsEntry count_store[8];
static Protohttp__Bench__Medium__MCountsEntry *m_counts[8];
static char mapped_labels[4][12];
static Protohttp__Bench__Item mapped_items[4];
static Protohttp__Bench__Medium__MItemsEntry item_entries[4];
static Protohttp__Bench__Medium__MItemsEntry *m_items[4];
static char oneof_text[] = "oneof text value, set last";
static Protohttp__Bench__Medium medium_msg = PROTOHTTP__BENCH__MEDIUM__INIT;

static Protohttp__Bench__Deep deep_levels[DEEP_LEVELS];
static Protohttp__Bench__Sparse sparse_levels[SPARSE_LEVELS];
static Protohttp__Bench__Large large_msg = PROTOHTTP__BENCH__LARGE__INIT;

static void build_small(void) {
    small_msg.id = 150;
    small_msg.name = small_name;
    small_msg.active = 1;
    small_msg.score = 98.5;
}

static void build_medium(void) {
    Protohttp__Bench__Medium *m = &medium_msg;
    m->f_int32 = 123456;
    m->f_int64 = -9876543210LL;
    m->f_uint32 = 4000000000u;
    m->f_uint64 = 18000000000000000000ull;
    m->f_sint32 = -54321;
    m->f_sint64 = -1234567890123LL;
    m->f_fixed32 = 0xDEADBEEFu;
    m->f_fixed64 = 0x0123456789ABCDEFull;
    m->f_sfixed32 = -2000000000;
    m->f_sfixed64 = -9000000000000000000LL;
    m->f_float = 3.25f;
    m->f_double = -2.718281828459045;
    m->f_bool = 1;
    m->f_string = medium_string;
    for (int i = 0; i < 64; i++) medium_bytes[i] = (uint8_t)(i * 37 + 11);
    m->f_bytes.data = medium_bytes;
    m->f_bytes.len = sizeof medium_bytes;
    m->f_kind = PROTOHTTP__BENCH__KIND__KIND_BETA;
    medium_item.id = 7;
    medium_item.label = item_label;
    m->f_item = &medium_item;

    for (int i = 0; i < 24; i++) r_int32[i] = i * i * 131;
    for (int i = 0; i < 16; i++) r_int64[i] = (int64_t)i * 1000000007LL;
    for (int i = 0; i < 16; i++) r_sint32[i] = (i - 8) * 1001;
    for (int i = 0; i < 8; i++) r_fixed32[i] = (uint32_t)i * 0x01010101u;
    for (int i = 0; i < 8; i++) r_double[i] = i * 1.5 + 0.25;
    m->n_r_int32 = 24; m->r_int32 = r_int32;
    m->n_r_int64 = 16; m->r_int64 = r_int64;
    m->n_r_sint32 = 16; m->r_sint32 = r_sint32;
    m->n_r_fixed32 = 8; m->r_fixed32 = r_fixed32;
    m->n_r_double = 8; m->r_double = r_double;
    m->n_r_kind = 6; m->r_kind = r_kind;
    m->n_r_string = 8; m->r_string = r_string;

    for (int i = 0; i < 6; i++) {
        protohttp__bench__item__init(&r_item_store[i]);
        snprintf(r_item_labels[i], sizeof r_item_labels[i], "item number %d", i);
        r_item_store[i].id = i + 1;
        r_item_store[i].label = r_item_labels[i];
        r_item[i] = &r_item_store[i];
    }
    m->n_r_item = 6; m->r_item = r_item;

    for (int i = 0; i < 8; i++) {
        protohttp__bench__medium__mcounts_entry__init(&count_store[i]);
        snprintf(count_keys[i], sizeof count_keys[i], "key-%d", i);
        count_store[i].key = count_keys[i];
        count_store[i].value = i * i + 1;
        m_counts[i] = &count_store[i];
    }
    m->n_m_counts = 8; m->m_counts = m_counts;

    for (int i = 0; i < 4; i++) {
        protohttp__bench__item__init(&mapped_items[i]);
        snprintf(mapped_labels[i], sizeof mapped_labels[i], "mapped %d", i);
        mapped_items[i].id = i;
        mapped_items[i].label = mapped_labels[i];
        protohttp__bench__medium__mitems_entry__init(&item_entries[i]);
        item_entries[i].key = i * 100;
        item_entries[i].value = &mapped_items[i];
        m_items[i] = &item_entries[i];
    }
    m->n_m_items = 4; m->m_items = m_items;

    m->choice_case = PROTOHTTP__BENCH__MEDIUM__CHOICE_O_TEXT;
    m->o_text = oneof_text;
}

/// Level 1 is the root; level 32 has no child. Every level carries the medium message.
static void build_deep(void) {
    for (int i = 0; i < DEEP_LEVELS; i++) {
        protohttp__bench__deep__init(&deep_levels[i]);
        deep_levels[i].payload = &medium_msg;
        deep_levels[i].level = i + 1;
        deep_levels[i].child = i + 1 < DEEP_LEVELS ? &deep_levels[i + 1] : NULL;
    }
}

/// Level 1 is the root; level 32 has no child. Each level sets only optional_int32 = level.
static void build_sparse(void) {
    for (int i = 0; i < SPARSE_LEVELS; i++) {
        protohttp__bench__sparse__init(&sparse_levels[i]);
        sparse_levels[i].optional_int32 = i + 1;
        sparse_levels[i].recursive_message = i + 1 < SPARSE_LEVELS ? &sparse_levels[i + 1] : NULL;
    }
}

static void build_large(void) {
    uint8_t *blob = malloc(LARGE_BLOB);
    int64_t *values = malloc(sizeof(int64_t) * LARGE_VALUES);
    if (!blob || !values) abort();
    for (uint32_t i = 0; i < LARGE_BLOB; i++) blob[i] = (uint8_t)((i * 2654435761u) >> 24);
    for (uint64_t i = 0; i < LARGE_VALUES; i++) {
        int64_t v = (int64_t)(((i * 2654435761u) & 0xFFFFFFFFu) >> (i % 32));
        values[i] = i % 10 == 0 ? -v : v;
    }
    large_msg.blob.data = blob;
    large_msg.blob.len = LARGE_BLOB;
    large_msg.values = values;
    large_msg.n_values = LARGE_VALUES;
}

static void build_all(void) {
    static int built = 0;
    if (built) return;
    built = 1;
    build_small();
    build_medium();
    build_deep();
    build_large();
    build_sparse();
}

const ProtobufCMessage *bench_c_message(BenchCCase which) {
    build_all();
    switch (which) {
    case BENCH_C_SMALL: return &small_msg.base;
    case BENCH_C_MEDIUM: return &medium_msg.base;
    case BENCH_C_DEEP: return &deep_levels[0].base;
    case BENCH_C_LARGE: return &large_msg.base;
    case BENCH_C_SPARSE: return &sparse_levels[0].base;
    case BENCH_C_CATALOG:
    case BENCH_C_RECORDS: return bench_c_adopted(which);
    }
    abort();
}

const ProtobufCMessageDescriptor *bench_c_descriptor(BenchCCase which) {
    switch (which) {
    case BENCH_C_SMALL: return &protohttp__bench__small__descriptor;
    case BENCH_C_MEDIUM: return &protohttp__bench__medium__descriptor;
    case BENCH_C_DEEP: return &protohttp__bench__deep__descriptor;
    case BENCH_C_LARGE: return &protohttp__bench__large__descriptor;
    case BENCH_C_SPARSE: return &protohttp__bench__sparse__descriptor;
    case BENCH_C_CATALOG: return &protohttp__realworld__catalog_page__descriptor;
    case BENCH_C_RECORDS: return &protohttp__realworld__list_events_response__descriptor;
    }
    abort();
}

// bench_cases.h: internal access to the protobuf-c benchmark messages built by bench_cases.c.
#ifndef BENCH_CASES_H
#define BENCH_CASES_H

#include "bench.pb-c.h"
#include "catalog.pb-c.h"
#include "records.pb-c.h"
#include "BenchProtobufC.h"

/// The case's message, built once on first use and kept for the life of the process.
const ProtobufCMessage *bench_c_message(BenchCCase which);

/// The descriptor of the case's message type, for unpacking.
const ProtobufCMessageDescriptor *bench_c_descriptor(BenchCCase which);

/// The realworld case's adopted message (see `bench_c_adopt`); aborts if none was adopted yet.
const ProtobufCMessage *bench_c_adopted(BenchCCase which);

#endif

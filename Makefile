# Makefile: the README's Quick-start commands (demo, test), the benchmarks and the documentation.
.PHONY: rpc-bench-grpc rpc-bench-streams rpc-bench-instructions deps demo test test-load fuzz fuzz-smoke sanitize attack bench rpc-bench cache-bench bench-scale docs clean

SWIFT ?= swift

# One hash seed for every SwiftPM process, so the two default traits reach the compiler as -D
# flags in the same order each time and an unchanged package is never recompiled from scratch
# (SwiftPM 6.3 orders them by a per-process random seed; the whole story: scripts/swiftpm-env).
export SWIFT_DETERMINISTIC_HASHING ?= 1

deps:
	@bash scripts/install-deps

demo: deps
	$(SWIFT) run protohttp-demo

# Swift Testing captures a backtrace at every `throw` in the process unless
# SWT_SWIFT_ERROR_BACKTRACING_ENABLED=0: the bad-input and corruption tests throw hundreds of
# thousands of errors, and capturing for them held the two threads of the cooperative pool for
# 20 s, stalling every other suite's async tests (and their wall-clock bounds). Failures still
# name the expectation's file and line.
# The Python peers' virtualenv is made before the tests, so no test waits on pip (status 3:
# no usable Python; make goes on, and the peer tests then fail, naming what is missing).
# `swift test` builds the package itself (one planning instead of two). The fuzz targets, with
# their own sanitized build (4.5 minutes of a fresh clone's 30 on a slower 2-core VM), run in
# `make fuzz` and `make fuzz-smoke`, not here: `make test` must fit CI's time limit.
# check-first-service builds the README's first
# service as written, without the TLS and HTTP2 traits, so in a scratch folder of its own
# (.build-first-service; about two minutes on a fresh clone). check-swift-protobuf-interop
# builds and tests Interop/SwiftProtobuf in that folder too (ProtoHTTP's modules are not
# compiled again; swift-protobuf's library adds under a minute). check-tutorial builds and runs the
# DocC tutorial's two stages in that folder too, once `swift test` has built protohttp-demo, which
# its first stage calls.
test: deps
	bash scripts/check-module-graph
	python3 scripts/check-doc-snippets
	bash scripts/check-plugin-example
	bash scripts/check-first-service
	bash scripts/check-swift-protobuf-interop
	bash scripts/python-client-env >/dev/null || [ $$? -eq 3 ]
	SWT_SWIFT_ERROR_BACKTRACING_ENABLED=0 $(SWIFT) test
	bash scripts/check-tutorial
	$(MAKE) --no-print-directory docs

# `make test` while LOAD busy loops (default: one per core) compete for the CPU: the machine CI
# is on during a busy day. The build runs first without the load; every test phase then runs
# beside it (scripts/with-load). For one suite many times over, with or without load:
# scripts/test-repeat N [FILTER] (CONTRIBUTING.md "What must stay green").
LOAD ?=

test-load: deps
	$(SWIFT) build --build-tests
	LOAD=$(LOAD) bash scripts/with-load $(MAKE) --no-print-directory test

# Coverage-guided fuzzing (CONTRIBUTING.md "Fuzzing"): builds the libFuzzer targets of Tests/Fuzz with
# ASan out of tree (.build-fuzz) and runs each for FUZZ_SECONDS, printing
# `RESULT fuzz=<target> execs=<n> crashes=<n> seconds=<s>` per target; fails on any crash, leak,
# timeout or out-of-memory. `make test` runs the same targets for 3 s each from their seeds
# alone (its last line above), so they keep building.
FUZZ_SECONDS ?= 60

fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash scripts/fuzz

# Every fuzz target for 3 s: the harnesses build and run their seeds (what `make test` ran last until stop 56).
fuzz-smoke: deps
	FUZZ_SECONDS=3 FUZZ_SMOKE=1 PROTOC_GEN_PROTOHTTP="$$($(SWIFT) build --show-bin-path)/protoc-gen-protohttp" bash scripts/fuzz

# The codec, vocabulary, client and server suites under ThreadSanitizer, then AddressSanitizer
# (with LeakSanitizer), each built once in its own scratch path (.build-tsan, .build-asan).
# Fails on any sanitizer report or test failure; ends with one RESULT line per sanitizer.
# Suppressions, each with its reason: scripts/tsan-suppressions.txt, scripts/lsan-suppressions.txt.
sanitize: deps
	bash scripts/python-client-env >/dev/null || [ $$? -eq 3 ]
	bash scripts/sanitize

# Hostile clients against `protohttp-demo serve` beside a well-behaved one (ProtoHTTPServer.docc/ServingRPCs.md, "Under attack"): one
# `RESULT attack=<name> server_alive=… rss_mib=… fds=… good_rps_ratio=…` line per attack.
attack: deps
	bash scripts/attack

bench: deps
	$(SWIFT) run -c release --package-path Benchmarks codec-bench

rpc-bench: deps
	$(SWIFT) run -c release --package-path Benchmarks rpc-bench

# ProtoHTTP's gRPC client and server against grpc-swift 2's (checked first, then measured).
rpc-bench-grpc: deps
	$(SWIFT) run -c release --package-path Benchmarks rpc-bench --protocol grpc

# Instructions per call, counted by callgrind (machine-independent): nginx against ProtoHTTPServer
# and libcurl-c against ProtoHTTP's client, `RESULT side=<server|client> impl=<name> instructions_per_call=<n>`.
rpc-bench-instructions: deps
	$(SWIFT) run -c release --package-path Benchmarks rpc-bench --instructions

# A server stream of 1,000,000 messages and a bidi echo of 100,000: ProtoHTTP's client and server
# against grpc-swift 2's, gRPC over h2c, one `RESULT stream=…` line per case.
rpc-bench-streams: deps
	$(SWIFT) run -c release --package-path Benchmarks rpc-bench --streams

cache-bench: deps
	$(SWIFT) run -c release --package-path Benchmarks cache-bench

# Cost curves as work grows (issue 34): ProtoHTTPServer's rps and p99 at 1 to 1,024 connections and
# RSS per idle keep-alive connection at 10,000, the client's rps at 1 to 256 calls in flight and RSS
# per call at 10,000, ProtoWire ns/byte at 1 KB to 100 MB, the offline queue and the response caches
# at 10^3 to 10^5 entries: `RESULT scale=<curve> n=<n> …` per point (Benchmarks/README.md, "bench-scale").
# `--quick` (a smoke run, ~25 s) and `--only <curve>` after `ARGS=`; about 3.5 minutes in full.
bench-scale: deps
	$(SWIFT) run -c release --package-path Benchmarks bench-scale $(ARGS)

# DocC archives of the library modules, in .build-docs/docs/<Module>.doccarchive: scripts/docs
# extracts each module's symbol graph from what `swift build` compiled in .build and runs docc on
# its catalogue; any documentation warning fails it.
docs: deps
	SWIFT=$(SWIFT) bash scripts/docs

clean:
	rm -rf .build .build-docs .build-fuzz .build-tsan .build-asan Benchmarks/.build Examples/PluginExample/.build Examples/PluginExample/.build-command-plugin

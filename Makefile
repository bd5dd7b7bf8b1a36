# Makefile: the README's Quick-start commands (demo, test) and the benchmarks.
.PHONY: deps demo test bench rpc-bench clean

SWIFT ?= swift

deps:
	@bash scripts/install-deps

demo: deps
	$(SWIFT) run protohttp demo

test: deps
	bash scripts/check-plugin-example
	$(SWIFT) build --build-tests
	$(SWIFT) test

bench: deps
	$(SWIFT) run -c release --package-path Benchmarks codec-bench

rpc-bench: deps
	$(SWIFT) run -c release --package-path Benchmarks rpc-bench

clean:
	rm -rf .build Benchmarks/.build Examples/PluginExample/.build Examples/PluginExample/.build-command-plugin

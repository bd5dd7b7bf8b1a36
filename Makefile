# Makefile: the README's Quick-start commands (demo, test) and the benchmarks.
.PHONY: deps demo test bench rpc-bench clean

SWIFT ?= swift

deps:
	@bash scripts/install-deps

demo: deps
	$(SWIFT) run protohttp demo

# The Python peers' virtualenv is made before the tests, so no test waits on pip (status 3:
# no usable Python, and the peer tests skip).
test: deps
	bash scripts/check-module-graph
	bash scripts/check-plugin-example
	bash scripts/python-client-env >/dev/null || [ $$? -eq 3 ]
	$(SWIFT) build --build-tests
	$(SWIFT) test

bench: deps
	$(SWIFT) run -c release --package-path Benchmarks codec-bench

rpc-bench: deps
	$(SWIFT) run -c release --package-path Benchmarks rpc-bench

clean:
	rm -rf .build Benchmarks/.build Examples/PluginExample/.build Examples/PluginExample/.build-command-plugin

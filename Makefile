# MotionBench entry points. `make run` runs the main job, `make test` runs every test.
# Both install what they need first (libjemalloc-dev, through apt-get when running as root).

SWIFT ?= swift
export PATH := $(PATH):/opt/swift/usr/bin
# The build recipes use pipefail.
SHELL := /bin/bash

# The CPU the Swift code is compiled for: empty for the x86-64 baseline, as the package ships;
# `make run TARGET_CPU=native` for this machine's, as the C reference kernels always are, so that
# their ratios compare like with like (Package.swift; every run records it in its environment).
TARGET_CPU ?= $(MOTIONBENCH_TARGET_CPU)
export MOTIONBENCH_TARGET_CPU := $(TARGET_CPU)

.PHONY: commands-reference run test test-debug engine-builds test-release test-native tsan mutants variants witnesses deps build release clean format lint coverage docs

run: deps release
	.build/release/motion-bench main

# The suites whose verdicts come from timing two revisions of a package (compare-revisions end to
# end, the fleet's bisection) and that build those revisions: each runs alone after the rest, since
# Swift Testing runs suites side by side and a neighbour's load makes those measurements
# inconclusive and those builds several times slower. (WorkloadTests times two revisions of an
# engine, which it need not build, and accepts a verdict withheld for load: it runs with the rest.)
TIMED_SUITES = RevisionComparisonTests|FleetTests

# Every test: the debug pass runs all of them; the release pass runs the allocation-count tests,
# which need optimised (specialised) code to be allocation-free.
test: deps test-debug test-release test-native

# The tests in a debug build (its invariants checked in process); the tool and the benchmark worker
# they start as children are the release build's, made first from the same sources
# (Tests/TestSupport/BuiltProducts.swift): the executables users run, and the end-to-end tests
# in a fraction of the debug tool's time. `swift test` alone starts the debug build's.
TEST_PRODUCTS = MOTIONBENCH_TEST_PRODUCTS=.build/release

# A module may import only what its target declares: without the check SwiftPM lets a module
# import any other one already built (the reference model could import MotionCore unnoticed).
IMPORT_CHECK = --explicit-target-dependency-import-check error

test-debug: deps release
	mkdir -p .build; set -o pipefail; $(SWIFT) build --build-tests $(IMPORT_CHECK) 2>&1 | tee .build/build-debug.log
	@scripts/no-warnings .build/build-debug.log
	$(TEST_PRODUCTS) $(SWIFT) test --skip-build --skip '$(TIMED_SUITES)'
	$(TEST_PRODUCTS) $(SWIFT) test --skip-build --filter RevisionComparisonTests
	$(TEST_PRODUCTS) $(SWIFT) test --skip-build --filter FleetTests

# MotionEngine's tests optimised, from Tests/OptimisedEngine (a package of the engine and its
# tests alone, built a fraction as long as the whole package): the allocation-count tests need
# optimised (specialised) code to be allocation-free; they run alone, with no other test
# allocating beside them.
# `--package-path`, not `cd … &&`: a variable set before the command must reach swift itself.
ENGINE_TESTS = $(SWIFT) test --package-path Tests/OptimisedEngine -c release -Xswiftc -enable-testing
ENGINE_BUILD = $(ENGINE_TESTS) list

# Both optimised builds at once: each compiles about one module at a time (a little over one CPU),
# and only their tests' runs must be alone. `swift test list` builds as `swift test` does (a
# `swift build --build-tests` differs, and the runs would build again), so the runs build nothing.
engine-builds: deps
	$(ENGINE_BUILD) --scratch-path $(CURDIR)/.build/engine-release & release=$$!; \
	MOTIONBENCH_TARGET_CPU=native $(ENGINE_BUILD) --scratch-path $(CURDIR)/.build/engine-native & native=$$!; \
	wait $$release; r=$$?; wait $$native; n=$$?; exit $$((r | n))

test-release: deps engine-builds
	$(ENGINE_TESTS) --scratch-path $(CURDIR)/.build/engine-release --filter EngineAllocationTests

# The engine's tests once more, compiled for this machine's CPU: there the engine's arithmetic is
# LLVM's vector operations and the fluid kernel runs eight lanes at a time
# (Sources/MotionEngine/Lanes/VectorOperations.swift), code paths of their own — allocation counts
# included. One optimised build serves both runs (the engine's debug-build invariants are checked
# by the default debug pass).
test-native: deps engine-builds
	MOTIONBENCH_TARGET_CPU=native $(ENGINE_TESTS) --scratch-path $(CURDIR)/.build/engine-native --skip EngineAllocationTests
	MOTIONBENCH_TARGET_CPU=native $(ENGINE_TESTS) --scratch-path $(CURDIR)/.build/engine-native --filter EngineAllocationTests

# The engine's tests under the thread sanitizer (which cannot run on jemalloc).
tsan: deps
	MOTIONBENCH_NO_JEMALLOC=1 $(SWIFT) test --sanitize=thread --filter MotionEngineTests

# The suites' power: every fixture through each one-bug variant of MotionCore (Tests/Variants/
# motioncore.json, kept out of its sources), written into a scratch copy of the package and built
# there (.build/mutants). The release tool plays them (the harness; the engine under test is the
# variant's adapter). `scripts/variants --set motioncore --show NAME` prints one as a diff.
# Each variant meets its witness first (Tests/Variants/witnesses.json), the whole suite only when
# that no longer catches it; `make witnesses` plays every fixture against every variant and
# records them again.
mutants: release
	scripts/variants --set motioncore --tool .build/release/motion-bench --witnesses

# The suites' power against an engine written elsewhere: every one-bug variant of the Python example
# (Tests/Variants/python-engine.json, one or more per rule of docs/semantics.md) must fail some
# fixture. `scripts/variants --explore 200` measures exploration too.
variants: release
	scripts/variants --tool .build/release/motion-bench --witnesses

witnesses: release
	scripts/variants --set motioncore --tool .build/release/motion-bench --record-witnesses
	scripts/variants --tool .build/release/motion-bench --record-witnesses

build: deps
	$(SWIFT) build

# The release build fails on a warning in the project's own code, as the debug build of the tests does.
release: deps
	mkdir -p .build; set -o pipefail; $(SWIFT) build -c release $(IMPORT_CHECK) 2>&1 | tee .build/build-release.log
	@scripts/no-warnings .build/build-release.log

# The house layout (.swift-format; CONTRIBUTING.md says why four rules are off).
SWIFT_SOURCES = Sources Tests Benchmarks Plugins Examples/swift-engine/Sources Examples/swift-engine/Package.swift Package.swift

format:
	swift-format format --in-place --recursive --parallel $(SWIFT_SOURCES)

# And no document names a file of the repository that does not exist (scripts/doc-links).
lint:
	swift-format lint --strict --recursive --parallel $(SWIFT_SOURCES)
	scripts/doc-links

# Line coverage per module from the debug test run, into .build/coverage/report.txt.
coverage: deps
	$(SWIFT) build --build-tests --enable-code-coverage
	status=0; $(SWIFT) test --skip-build --enable-code-coverage || status=$$?; scripts/coverage-report; exit $$status

# docs/commands.md's reference of every command's options, written again from the declarations
# (CommandHelpTests fails while it differs from them).
commands-reference: build
	python3 -c 'import re, subprocess, sys; doc = open("docs/commands.md").read(); new = subprocess.run([".build/debug/motion-bench", "help", "--markdown"], check=True, capture_output=True, text=True).stdout.strip(); pattern = re.compile(r"<!-- from the declarations:.*?<!-- end of the generated part -->", re.S); assert pattern.search(doc), "docs/commands.md has no generated part"; open("docs/commands.md", "w").write(pattern.sub(lambda _: new, doc))'

# The API reference of every library: symbol graphs from the compiler, then docc, into
# .build/docs/<Module>.doccarchive; a documentation warning fails it.
docs: build
	@scripts/build-docs

# jemalloc's headers and pkg-config file come from Debian's libjemalloc-dev; the store links
# Debian's libsqlite3-dev and libpq-dev, and its tests start a PostgreSQL server of their own
# (Debian's postgresql: initdb and pg_ctl in a temporary folder) and read SQLite files with
# sqlite3; the report test
# renders the site in Debian's chromium; instruction counts need valgrind (callgrind) and
# binutils' strip; the format tests read the outputs with xmllint, jsonschema and markdown-it-py.
deps:
	@if ! { command -v valgrind && command -v strip; } >/dev/null && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "make: installing valgrind and binutils for instruction counts (apt-get)"; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind binutils >/dev/null) \
			|| echo "make: warning: valgrind could not be installed; instruction counts will be unavailable" >&2; \
	fi
	@if ! command -v chromium >/dev/null && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "make: installing chromium for the report rendering test (apt-get)"; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
			|| echo "make: warning: chromium could not be installed; the rendering test will be skipped" >&2; \
	fi
	@if ! command -v xmllint >/dev/null && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "make: installing libxml2-utils (xmllint) for the JUnit schema test (apt-get)"; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-utils >/dev/null) \
			|| echo "make: warning: xmllint could not be installed; the format tests will be skipped" >&2; \
	fi
	@if ! python3 -c 'import jsonschema, markdown_it' 2>/dev/null; then \
		echo "make: installing jsonschema and markdown-it-py for the format tests (pip)"; \
		python3 -m pip install -q jsonschema markdown-it-py 2>/dev/null \
			|| python3 -m pip install -q --break-system-packages jsonschema markdown-it-py \
			|| echo "make: warning: jsonschema and markdown-it-py could not be installed; the format tests will be skipped" >&2; \
	fi
	@if ! { pkg-config --exists sqlite3 libpq && command -v sqlite3 && ls /usr/lib/postgresql/*/bin/initdb; } >/dev/null 2>&1 \
		&& [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "make: installing libsqlite3-dev, libpq-dev, sqlite3 and postgresql for the store and its tests (apt-get)"; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libsqlite3-dev libpq-dev sqlite3 postgresql pkg-config >/dev/null) \
			|| { echo "make: error: apt-get could not install libsqlite3-dev, libpq-dev, sqlite3 and postgresql" >&2; exit 1; }; \
	fi
	@if [ -f /usr/include/jemalloc/jemalloc.h ] && pkg-config --exists jemalloc 2>/dev/null; then \
		exit 0; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "make: installing libjemalloc-dev and pkg-config (apt-get)"; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libjemalloc-dev pkg-config >/dev/null) \
			|| { echo "make: error: apt-get could not install libjemalloc-dev" >&2; exit 1; }; \
	else \
		echo "make: error: libjemalloc-dev is missing and this user cannot install it." >&2; \
		echo "      Install it with: sudo apt-get install libjemalloc-dev pkg-config" >&2; \
		exit 1; \
	fi

clean:
	$(SWIFT) package clean

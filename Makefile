# OneTimeCode: build, test, demo, eval, bench.
SWIFT ?= swift
# Debian 12's valgrind (3.19) cannot read the DWARF 5 that clang 21 writes for the C targets
# (callgrind gives up on the whole binary in some layouts): every build here asks for DWARF 4.
SWIFTFLAGS ?= -Xcc -gdwarf-4
# Release builds (otpgrep, otc-eval, the bench) link the Swift runtime statically: otpgrep then
# starts in 4.5 ms instead of 5.9 (no relocations of the runtime's shared libraries), runs
# without the toolchain's libraries beside it (`make install`), and uses less memory. Every
# release build here takes the same flags, so that none rebuilds another's modules. The
# frontend skips LLVM's passes when a module's IR has not changed since its last object file,
# which would keep code optimized with an older profile (or none): a module that is compiled
# again goes through them.
#
# They are also linked with LLVM's whole-program optimization across our modules (`LTO=full`,
# SwiftPM's `--experimental-lto-mode`; `LTO=thin`, or `LTO=none` to leave it out): with the
# profile below, 0.90 of the time per message where the profile alone gives 0.93.
LTO ?= full
# The code a run executes is linked first, in one piece, most executed first (lld's
# `--symbol-ordering-file`, from scripts/otpgrep.order, which `make order` makes again): the
# code a run keeps resident 3.0 to 2.5 MB, its peak RSS a megabyte lower
# (docs/PERFORMANCE-HISTORY.md, "The forty-fifth round").
ORDER = scripts/otpgrep.order
ORDERFLAGS = $(if $(wildcard $(ORDER)),-Xswiftc -use-ld=lld \
  -Xlinker --symbol-ordering-file=$(CURDIR)/$(ORDER) -Xlinker --no-warn-symbol-ordering)
RELEASEFLAGS ?= $(SWIFTFLAGS) --static-swift-stdlib \
  $(if $(filter-out none,$(LTO)),--experimental-lto-mode=$(LTO)) \
  -Xswiftc -Xfrontend -Xswiftc -disable-incremental-llvm-codegen $(ORDERFLAGS)
# Profile-guided optimization (docs/PERFORMANCE.md): release builds are optimized with a
# profile of an instrumented otpgrep run over Fixtures/ (scripts/pgo.sh), made again whenever
# a source changes: 0.93 of the time per message. PGO=0 builds without it; it is off by
# itself when the toolchain has no llvm-profdata beside swiftc.
PGO ?= $(shell scripts/pgo.sh available && echo 1 || echo 0)
PROFDATA = $(CURDIR)/.build/pgo/otpgrep.profdata
ifeq ($(PGO),1)
PROFILE = $(PROFDATA)
# The profile's own file, named by its hash (expanded when a recipe runs, after the profile is
# made): a new profile changes the flags, so every module is compiled with it.
BUILDFLAGS = $(RELEASEFLAGS) -Xswiftc -Xfrontend -Xswiftc -ir-profile-use=$(realpath $(PROFDATA))
else
PROFILE =
BUILDFLAGS = $(RELEASEFLAGS)
endif
PREFIX ?= /usr/local
CONFIG ?= release
BIN = .build/$(CONFIG)/otpgrep

.PHONY: all build test demo eval bench deps lint install clean lexicon soak order

all: build

# Checks the C libraries we link; prints the exact install command when one is missing.
deps:
	@scripts/check-deps.sh

RELEASE_ONLY = $(filter release,$(CONFIG))
build: deps $(if $(RELEASE_ONLY),$(PROFILE))
	@# SwiftPM does not know the order as an input of the link: a binary older than it goes.
	@if [ -f $(ORDER) ] && [ $(ORDER) -nt $(BIN) ]; then rm -f $(BIN); fi
	$(SWIFT) build $(if $(RELEASE_ONLY),$(BUILDFLAGS),$(RELEASEFLAGS)) -c $(CONFIG) --product otpgrep

# Makes scripts/otpgrep.order again from runs of the release build under callgrind (valgrind).
order: build
	scripts/order.sh $(BIN) $(ORDER)

# The profile, made again when a source, the training script or a fixture changes.
$(PROFDATA): Package.swift scripts/pgo.sh $(shell find Sources Fixtures -type f) | deps
	@SWIFT="$(SWIFT)" SWIFTFLAGS="$(RELEASEFLAGS)" scripts/pgo.sh profile $@

test: deps
	$(SWIFT) build $(SWIFTFLAGS) --build-tests
	$(SWIFT) test --skip-build

demo: build
	@echo '$$ $(BIN) Fixtures/demo/messages.txt'
	@$(BIN) Fixtures/demo/messages.txt; test $$? -le 1
	@echo '$$ $(BIN) --only-found Fixtures/dumps/sms-backup.xml'
	@$(BIN) --only-found Fixtures/dumps/sms-backup.xml; test $$? -le 1

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

clean:
	rm -rf .build

# Accuracy on our corpus (merged, per language and tag) and on each shared peer corpus present.
EVAL = .build/release/otc-eval
.PHONY: otc-eval
otc-eval: deps $(PROFILE)
	$(SWIFT) build $(BUILDFLAGS) -c release --product otc-eval

eval: otc-eval
	$(EVAL) --merge Fixtures/corpus --misses 40 Fixtures/corpus/*.jsonl
	@for f in ../shared/corpus/*.jsonl; do [ -f "$$f" ] && $(EVAL) --misses 40 "$$f"; done; true

# Recompiles the built-in lexicon into Sources/CLexicon/standard.lexicon.
lexicon: $(PROFILE)
	$(SWIFT) build $(BUILDFLAGS) -c release --product otc-eval
	.build/release/otc-eval --write-lexicon Sources/CLexicon/standard.lexicon
	$(SWIFT) build $(BUILDFLAGS) -c release --product otc-eval

# Speed on a generated 1,000,000-message dump against grep and a Python peer, start-up, long
# messages, peak memory and instruction counts (issue 6, docs/PERFORMANCE.md); about 3-5 min.
# SCRATCH=dir builds with --scratch-path dir; BENCH_BUDGET, BENCH_SKIP, BENCH_DUMP: see the script.
bench: deps $(PROFILE)
	@SWIFT="$(SWIFT)" SWIFTFLAGS="$(BUILDFLAGS)" scripts/bench/run.sh

# Streams a generated SMS Backup XML of SOAK_MB megabytes (default 200) through
# `otpgrep --input xml` and fails unless peak RSS stays under SOAK_MAX_MB (default 40). About a
# minute; not part of `make test`.
SOAK_MB ?= 200
SOAK_MAX_MB ?= 40
SOAK = .build/soak
soak: build
	@mkdir -p $(SOAK)
	@[ "$$(stat -c %s $(SOAK)/big.xml 2>/dev/null || echo 0)" -ge $$(($(SOAK_MB) * 1048576)) ] || \
	  python3 scripts/gen-big-xml.py $(SOAK_MB) > $(SOAK)/big.xml
	@records=$$(/usr/bin/time -v -o $(SOAK)/time.txt $(BIN) --input xml --no-progress \
	  $(SOAK)/big.xml | wc -l); status=$$(awk '/Exit status/ { print $$NF }' $(SOAK)/time.txt); \
	  kb=$$(awk '/Maximum resident set size/ { print $$NF }' $(SOAK)/time.txt); \
	  wall=$$(awk '/Elapsed \(wall clock\)/ { print $$NF }' $(SOAK)/time.txt); \
	  echo "soak: $$(($$(stat -c %s $(SOAK)/big.xml) / 1048576)) MB of XML, $$records records," \
	    "exit $$status, $$wall, peak RSS $$((kb / 1024)) MB (bound $(SOAK_MAX_MB) MB)"; \
	  [ "$$status" -le 1 ] && [ "$$kb" -lt $$(($(SOAK_MAX_MB) * 1024)) ] || \
	  { echo "soak: FAILED (exit status above 1, or peak RSS over the bound)"; exit 1; }

# Installs otpgrep, its man page and its bash, zsh and fish completions under $(PREFIX)
# (DESTDIR is honoured for packaging): make install PREFIX=$$HOME/.local
install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/otpgrep
	install -m 644 docs/otpgrep.1 $(DESTDIR)$(PREFIX)/share/man/man1/otpgrep.1
	install -m 644 completions/otpgrep.bash \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/otpgrep
	install -m 644 completions/_otpgrep $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_otpgrep
	install -m 644 completions/otpgrep.fish \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/otpgrep.fish

# Every test again with AddressSanitizer, in a build directory of its own (about 3 min): the
# library and otpgrep read bytes through unsafe pointers, eight at a time. Leak detection is off:
# it reports the buffers of Foundation's `Data(contentsOf:)` in the tests' own helpers, not ours.
.PHONY: test-asan
test-asan: deps
	$(SWIFT) build $(SWIFTFLAGS) --build-tests --sanitize=address --scratch-path .build/asan
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address \
	  --scratch-path .build/asan

# The otpgrep tests (the code that runs threads: parallel runs, the ordered pipeline, the
# workers' writes) under ThreadSanitizer.
.PHONY: test-tsan
test-tsan: deps
	$(SWIFT) build $(SWIFTFLAGS) --build-tests --sanitize=thread --scratch-path .build/tsan
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread \
	  --scratch-path .build/tsan --filter 'OTPGrepCLITests|TemplateMemoTests'

# The otpgrep tests alone. `build --build-tests` also builds the otpgrep binary, which the
# end-to-end tests run from the same build directory (or from $OTPGREP_BIN).
.PHONY: test-cli
test-cli: deps
	$(SWIFT) build $(SWIFTFLAGS) --build-tests
	$(SWIFT) test --skip-build --filter OTPGrepCLITests

# convqa - see README.md. `make help` lists the targets.
#
# Adding a module: add its object to LIB_OBJS (or CMD_OBJS / TUI_OBJS), its
# header to include/convqa/, its unit test to UNIT_TESTS.

CC ?= cc
PKGS := ncursesw sqlite3 libcjson libutf8proc
TEST_PKGS := cmocka
DEB_PKGS := build-essential pkg-config libncurses-dev libsqlite3-dev sqlite3 libcjson-dev \
	libutf8proc-dev libcmocka-dev libstemmer-dev python3 python3-jsonschema python3-sklearn tmux

V ?= 0
ifeq ($(V),0)
Q := @
say = @printf '  %-6s %s\n' $(1) $(2);
else
Q :=
say =
endif

WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter
BASE_CFLAGS := -std=c11 -D_GNU_SOURCE -Iinclude -MMD -MP $(WARN)
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lstemmer -lm
TEST_CFLAGS = $(shell pkg-config --cflags $(TEST_PKGS) 2>/dev/null)
TEST_LIBS = $(shell pkg-config --libs $(TEST_PKGS) 2>/dev/null)

# Release build: ./convqa. Check build (ASan + UBSan): build/check/.
RELEASE_CFLAGS := -O2 -g
CHECK_CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
CHECK_LDFLAGS := -fsanitize=address,undefined

# L0-L3: everything but the commands, the UI and main()
LIB_OBJS := common.o strbuf.o hash.o strmap.o text.o model.o \
	tokens.o metrics_retrieval.o metrics_answer.o metrics_stats.o agreement.o json.o \
	store.o store_import.o store_label.o store_round.o \
	importer.o labelling.o
# Import and export formats (issue 8): one file each, a row in formats/formats.c
FORMATS_OBJS := formats/formats.o formats/json_read.o formats/import_native.o formats/import_jsonl.o \
	formats/export_json.o
LIB_OBJS += $(FORMATS_OBJS)
CMD_OBJS := cli.o cmd_init.o cmd_import.o cmd_info.o cmd_label.o cmd_export.o cmd_formats.o
# UI (issue 3): the annotation UI adds its objects and tests here
TUI_OBJS := tui/tui.o tui/loop.o tui/app.o tui/actions.o tui/draw.o tui/draw_item.o \
	tui/view_turn.o tui/view_plausibility.o tui/view_faithfulness.o tui/view_passage.o \
	tui/view_help.o tui/view_guidelines.o tui/view_summary.o tui/view_small.o tui/view_note.o \
	tui/view_probe.o
UI_LIB_OBJS := store_item.o lock.o
UI_CMD_OBJS := cmd_annotate.o
UI_UNIT_TESTS := test_text test_store_item
LIB_OBJS += $(UI_LIB_OBJS)
CMD_OBJS += $(UI_CMD_OBJS)
# Reporting (issue 4): the report adds its objects here
REPORT_LIB_OBJS := store_report.o report.o report_load.o report_consensus.o report_doc.o \
	report_groups.o report_sec_answers.o report_sec_retrieval.o report_sec_automatic.o \
	report_sec_verdicts.o report_sec_agreement.o report_sec_time.o \
	report_fmt_text.o report_fmt_json.o report_fmt_csv.o
REPORT_CMD_OBJS := cmd_report.o cmd_agreement.o
PKG_LIBS += -pthread
LIB_OBJS += $(REPORT_LIB_OBJS)
CMD_OBJS += $(REPORT_CMD_OBJS)
MAIN_OBJS := main.o

UNIT_TESTS := $(sort $(patsubst tests/unit/%.c,%,$(wildcard tests/unit/test_*.c)) $(UI_UNIT_TESTS))

ALL_OBJS := $(LIB_OBJS) $(CMD_OBJS) $(TUI_OBJS) $(MAIN_OBJS)

.PHONY: all check check-bins deps check-deps demo bench clean help FORCE
all: convqa

help:
	@echo 'make            build ./convqa'
	@echo 'make deps       install missing Debian packages (as root)'
	@echo 'make demo       deps, build, import sample_tasks/ into demo.db, open the UI'
	@echo 'make check      all tests under ASan+UBSan; ends with "N passed, N failed"'
	@echo 'make test/PATH  one test: test/unit/test_store, test/cli/roundtrip.sh, ...'
	@echo 'make check-deps check that modules include only what their layer allows'
	@echo 'make bench      benchmarks in bench/ (figures, not timed tests)'
	@echo 'make fuzz       build/fuzz/fuzz_import, the importer under libFuzzer (clang); make fuzz-run FUZZ_TIME=S runs it'
	@echo 'V=1             show the commands'

# ---- build -----------------------------------------------------------
build/release/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(CC) $(BASE_CFLAGS) $(RELEASE_CFLAGS) $(PKG_CFLAGS) -c $< -o $@

build/check/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(CC) $(BASE_CFLAGS) $(CHECK_CFLAGS) $(PKG_CFLAGS) -c $< -o $@

build/check/tests/%.o: tests/unit/%.c
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(CC) $(BASE_CFLAGS) $(CHECK_CFLAGS) $(PKG_CFLAGS) $(TEST_CFLAGS) -c $< -o $@

convqa: $(addprefix build/release/,$(ALL_OBJS))
	$(call say,LINK,$@)$(CC) $(RELEASE_CFLAGS) $^ $(PKG_LIBS) -o $@

build/check/convqa: $(addprefix build/check/,$(ALL_OBJS))
	$(call say,LINK,$@)$(CC) $(CHECK_LDFLAGS) $^ $(PKG_LIBS) -o $@

build/check/tests/%: build/check/tests/%.o $(addprefix build/check/,$(LIB_OBJS))
	$(call say,LINK,$@)$(CC) $(CHECK_LDFLAGS) $^ $(PKG_LIBS) $(TEST_LIBS) -o $@

-include $(shell find build -name '*.d' 2>/dev/null)

# ---- dependencies ------------------------------------------------------
deps:
	@sh tests/tools/deps.sh $(DEB_PKGS)

# ---- tests ---------------------------------------------------------------
CHECK_BINS := build/check/convqa $(addprefix build/check/tests/,$(UNIT_TESTS))

check: deps
	@$(MAKE) --no-print-directory check-deps
	@$(MAKE) --no-print-directory check-bins
	@sh tests/run.sh

test/%: FORCE
	@$(MAKE) --no-print-directory check-bins
	@sh tests/run.sh $*

# one target for the binaries, so that make says nothing when they are up to date
check-bins: $(CHECK_BINS)
	@:

check-deps:
	@sh tests/tools/check_deps.sh

# ---- demo, bench -----------------------------------------------------------
demo: deps
	@$(MAKE) --no-print-directory convqa
	@sh tests/tools/demo.sh

bench: deps
	@$(MAKE) --no-print-directory convqa
	@sh bench/run.sh

clean:
	rm -rf build convqa

FORCE:
.SECONDARY:

# ---- fuzzing (not part of check; README "Fuzzing") ------------------------
# The importer under libFuzzer with ASan + UBSan. Needs clang.
FUZZ_CC ?= clang
FUZZ_OBJS := $(filter-out $(REPORT_LIB_OBJS),$(LIB_OBJS))
FUZZ_TIME ?= 600
FUZZ_CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FUZZ_RUN_FLAGS := -jobs=1 -workers=1 -max_total_time=$(FUZZ_TIME) -dict=../../tests/fuzz/import.dict \
	-artifact_prefix=artifacts/ -print_final_stats=1
.PHONY: fuzz fuzz-run

fuzz: build/fuzz/fuzz_import

build/fuzz/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(FUZZ_CC) $(BASE_CFLAGS) $(FUZZ_CFLAGS) $(PKG_CFLAGS) -c $< -o $@

build/fuzz/tests/%.o: tests/fuzz/%.c
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(FUZZ_CC) $(BASE_CFLAGS) $(FUZZ_CFLAGS) $(PKG_CFLAGS) -c $< -o $@

build/fuzz/fuzz_import: build/fuzz/tests/fuzz_import.o $(addprefix build/fuzz/,$(FUZZ_OBJS))
	$(call say,LINK,$@)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $^ $(PKG_LIBS) -o $@

# in build/fuzz: new inputs go to corpus/, crashes to artifacts/, the log to
# fuzz-0.log; the seeds in tests/fuzz/corpus stay as they are
fuzz-run: build/fuzz/fuzz_import
	@mkdir -p build/fuzz/corpus build/fuzz/artifacts
	cd build/fuzz && { ./fuzz_import $(FUZZ_RUN_FLAGS) corpus ../../tests/fuzz/corpus; rc=$$?; \
		tail -12 fuzz-0.log; exit $$rc; }

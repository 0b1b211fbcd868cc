# convqa - see README.md and docs/. `make help` lists the targets.
#
# Adding a module: add its object to the list of its directory below (a new
# directory gets a list of its own, added to LIB_OBJS, and its place in the
# layer order of tests/tools/check_deps.sh), its header to
# include/convqa/; tests/unit/test_<name>.c is found by itself.

CC ?= cc
PKGS := ncursesw sqlite3 libcjson libutf8proc zlib libcurl
TEST_PKGS := cmocka
DEB_PKGS := build-essential pkg-config libncurses-dev libsqlite3-dev sqlite3 libcjson-dev \
	libutf8proc-dev libcmocka-dev libstemmer-dev zlib1g-dev libcurl4-openssl-dev python3 python3-jsonschema python3-sklearn tmux \
	groff-base man-db

V ?= 0
ifeq ($(V),0)
Q := @
say = @printf '  %-6s %s\n' $(1) $(2);
else
Q :=
say =
endif

WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter
BASE_CFLAGS := -std=c11 -D_GNU_SOURCE -Iinclude -Ibuild/gen -MMD -MP $(WARN)
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lstemmer -lm
TEST_CFLAGS = $(shell pkg-config --cflags $(TEST_PKGS) 2>/dev/null)
TEST_LIBS = $(shell pkg-config --libs $(TEST_PKGS) 2>/dev/null)

# Release build: ./convqa. Check build (ASan + UBSan): build/check/.
RELEASE_CFLAGS := -O2 -g
# CONVQA_TEST_VIEWS: the test-only views (TUI_TEST_OBJS) are linked in
CHECK_CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all \
	-DCONVQA_TEST_VIEWS
CHECK_LDFLAGS := -fsanitize=address,undefined

# Objects by module: one directory of src/ each, lowest layer first
# (docs/development.md "Layout"; tests/tools/check_deps.sh keeps the order).
CORE_OBJS := core/common.o core/strbuf.o core/hash.o core/strmap.o core/text.o core/lock.o core/json.o core/expr.o
MODEL_OBJS := model/model.o model/scheme.o model/order.o
METRICS_OBJS := metrics/tokens.o metrics/metrics_retrieval.o metrics/metrics_answer.o \
	metrics/metrics_stats.o metrics/metrics_compare.o metrics/metrics_variants.o metrics/metrics_pairwise.o metrics/agreement.o metrics/spans.o
STORE_OBJS := store/store.o store/store_migrate.o store/store_pair.o store/store_pair_read.o store/store_pair_done.o store/store_pair_controls.o store/store_import.o store/store_label.o store/store_round.o \
	store/store_item.o store/store_queue.o store/store_done.o store/store_report.o store/store_scheme.o store/store_rater.o \
	store/store_guidelines.o store/store_label_import.o store/store_tasks.o \
	store/store_adjudicate.o store/store_spans.o store/store_check.o store/store_search.o store/store_replay.o \
	store/store_score.o store/store_live.o store/store_seen.o store/store_pending.o
# import and export formats: one file each under formats/, a row in formats/formats.c
FORMAT_OBJS := formats/importer.o formats/import_sink.o formats/formats.o formats/json_read.o formats/import_native.o formats/import_candidates.o \
	formats/import_jsonl.o formats/import_stream.o formats/import_native_stream.o formats/import_ahead.o formats/json_stream.o formats/json_tree.o formats/export_json.o formats/scheme_read.o formats/scheme_registry.o \
	formats/labels_read.o formats/export_tasks.o formats/export_trec_qrels.o \
	formats/export_csv.o formats/export_prefs_csv.o formats/export_jsonl.o formats/export_ls_select.o formats/export_label_studio.o \
	formats/export_label_studio_config.o formats/labels_label_studio.o formats/collection.o formats/csv_read.o \
	formats/import_csv_gold.o formats/import_mtrag.o \
	formats/scai_records.o formats/import_qrecc.o formats/import_scai_truth.o formats/import_scai_run.o formats/import_cast_topics.o \
	formats/labels_trec.o formats/trec.o formats/import_trec_run.o formats/import_trec_qrels.o \
	formats/scores_read.o
STUDY_OBJS := study/labelling.o study/pairing.o study/rounds_pair.o study/labelling_import.o study/access.o study/assign.o study/rounds.o \
	study/sampling.o study/project_check.o study/round_where.o study/pair_disputes.o
# connectors to live systems: system.c the interface, one file per kind of connection
SYSTEM_OBJS := system/system.o system/system_proc.o system/system_json.o system/system_bm25.o system/system_http.o system/replay.o system/live.o
# checkpoints deferred to idle time (a session saving labels)
STORE_OBJS += store/store_wal.o store/store_label_pack.o store/store_label_count.o
REPORT_OBJS := report/report.o report/report_load.o report/report_load_tasks.o report/report_load_units.o \
	report/report_load_apply.o report/report_load_rounds.o report/report_load_controls.o report/report_load_credit.o \
	report/report_load_damage.o report/report_consensus.o report/report_doc.o \
	report/report_groups.o report/report_sec_answers.o report/report_sec_retrieval.o \
	report/report_sec_automatic.o report/report_sec_reader.o report/report_sec_verdicts.o report/report_sec_schemes.o \
	report/report_sec_agreement.o report/report_sec_controls.o report/report_sec_compare.o report/report_sec_time.o report/report_sec_prefs.o report/report_sec_pairwise.o \
	report/report_fmt_text.o report/report_fmt_json.o report/report_fmt_csv.o report/report_fmt_html.o \
	report/report_fmt_svg.o report/report_fmt_svg_pairwise.o report/report_imported.o report/report_threshold.o
# everything but the commands, the UI and main()
LIB_OBJS := $(CORE_OBJS) $(MODEL_OBJS) $(METRICS_OBJS) $(STORE_OBJS) $(FORMAT_OBJS) $(STUDY_OBJS) $(REPORT_OBJS) $(SYSTEM_OBJS)
CMD_OBJS := cmd/cli.o cmd/cmd_init.o cmd/cmd_import.o cmd/cmd_info.o cmd/cmd_label.o cmd/cmd_annotate.o \
	cmd/cmd_export.o cmd/cmd_report.o cmd/cmd_agreement.o cmd/cmd_formats.o cmd/cmd_scheme.o \
	cmd/cmd_rater.o cmd/cmd_round.o cmd/cmd_round_show.o cmd/cmd_round_items.o cmd/cmd_round_close.o \
	cmd/cmd_guidelines.o cmd/cmd_sample.o cmd/cmd_import_labels.o \
	cmd/cmd_adjudicate.o cmd/cmd_spans.o cmd/cmd_replay.o cmd/cmd_check.o cmd/cmd_search.o \
	cmd/cmd_import_scores.o cmd/cmd_chat.o
TUI_OBJS := tui/tui.o tui/loop.o tui/app.o tui/app_save.o tui/app_evidence.o tui/app_guidelines.o \
	tui/app_adjudicate.o tui/app_pair.o tui/app_pair_adjudicate.o tui/view_pair.o tui/view_pair_dispute.o tui/actions.o tui/fields.o tui/draw.o tui/view_item.o \
	tui/view_passage.o tui/view_help.o tui/view_guidelines.o tui/view_summary.o tui/view_small.o \
	tui/view_note.o tui/view_list.o tui/view_jump.o tui/view_adjudicate.o \
	tui/view_round_closed.o tui/view_chat.o tui/view_arena.o tui/line_edit.o
# the collection search of the turn screen (/)
TUI_OBJS += tui/app_search.o tui/search_terms.o tui/view_search.o
# views for the tests only (CONVQA_TEST_LOOP=1 opens view_probe): in build/check/convqa, not ./convqa
TUI_TEST_OBJS := tui/view_probe.o
MAIN_OBJS := main.o
PKG_LIBS += -pthread

UNIT_TESTS := $(patsubst tests/unit/%.c,%,$(wildcard tests/unit/test_*.c))

ALL_OBJS := $(LIB_OBJS) $(CMD_OBJS) $(TUI_OBJS) $(MAIN_OBJS)

.PHONY: all check check-clock check-bins deps deps-browser check-deps check-fn demo bench clean help install uninstall FORCE
all: convqa

help:
	@echo 'make            build ./convqa'
	@echo 'make deps       install missing Debian packages (as root)'
	@echo 'make demo       deps, build, import sample_tasks/ into demo.db, open the UI'
	@echo 'make check      all tests under ASan+UBSan; ends with "N passed, N failed"'
	@echo 'make check-clock the same with the clock a year ahead (libfaketime)'
	@echo 'make test/PATH  one test: test/unit/test_store, test/cli/roundtrip.sh, ...'
	@echo 'make check-deps check that modules include only what their layer allows'
	@echo 'make check-fn   list the functions in src/ over 80 lines (fails if there is one)'
	@echo 'make bench      benchmarks in bench/ (figures, not timed tests)'
	@echo 'make install    ./convqa, its man page, schemas and manual under PREFIX (/usr/local); DESTDIR stages'
	@echo 'make uninstall  remove what make install wrote (the same PREFIX and DESTDIR)'
	@echo 'make fuzz       build/fuzz/fuzz_import, fuzz_scheme, fuzz_labels under libFuzzer (clang); make fuzz-run FUZZ_TIME=S runs each'
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

build/check/convqa: $(addprefix build/check/,$(ALL_OBJS) $(TUI_TEST_OBJS))
	$(call say,LINK,$@)$(CC) $(CHECK_LDFLAGS) $^ $(PKG_LIBS) -o $@

build/check/tests/%: build/check/tests/%.o $(addprefix build/check/,$(LIB_OBJS))
	$(call say,LINK,$@)$(CC) $(CHECK_LDFLAGS) $^ $(PKG_LIBS) $(TEST_LIBS) -o $@

# the prompts' line editor, tested apart from the screen (its draw_text() a stub)
build/check/tests/test_line_edit: build/check/tui/line_edit.o

-include $(shell find build -name '*.d' 2>/dev/null)

# The built-in label schemes (schemas/builtin/*.json, in this order: the
# first is the default task) compiled in as C strings: { name, JSON text }.
BUILTIN_SCHEMES := schemas/builtin/turn.json schemas/builtin/plausibility.json schemas/builtin/faithfulness.json \
	schemas/builtin/pairwise.json
build/gen/scheme_builtin.h: $(BUILTIN_SCHEMES) Makefile
	@mkdir -p $(dir $@)
	$(call say,GEN,$@){ echo '/* made by the Makefile from $(BUILTIN_SCHEMES) */'; \
	echo 'static const struct { const char *name, *json; } builtin_schemes[] = {'; \
	for f in $(BUILTIN_SCHEMES); do printf '\t{ "%s",\n' "$$(basename $$f .json)"; \
		sed 's/\\/\\\\/g; s/"/\\"/g; s/^/\t  "/; s/$$/\\n"/' $$f; printf '\t},\n'; done; \
	echo '};'; } >$@.tmp && mv $@.tmp $@
build/release/formats/scheme_registry.o build/check/formats/scheme_registry.o build/fuzz/formats/scheme_registry.o: \
	build/gen/scheme_builtin.h

# The scheme of MTRAG's ratings (the mtrag import adds it to a project that
# lacks it): sample_tasks/schemes/mtrag-likert.json as a C string.
build/gen/scheme_mtrag.h: sample_tasks/schemes/mtrag-likert.json Makefile
	@mkdir -p $(dir $@)
	$(call say,GEN,$@){ echo '/* made by the Makefile from $< */'; \
	echo 'static const char scheme_mtrag_json[] ='; \
	sed 's/\\/\\\\/g; s/"/\\"/g; s/^/\t"/; s/$$/\\n"/' $<; echo ';'; } >$@.tmp && mv $@.tmp $@
build/release/formats/import_mtrag.o build/check/formats/import_mtrag.o build/fuzz/formats/import_mtrag.o: \
	build/gen/scheme_mtrag.h

# ---- dependencies ------------------------------------------------------
deps:
	@sh tests/tools/deps.sh $(DEB_PKGS)

# the browser of tests/cli/report_html_browser.sh only (it calls deps.sh
# chromium itself, and skips where it cannot have one)
deps-browser:
	@sh tests/tools/deps.sh chromium

# ---- tests ---------------------------------------------------------------
CHECK_BINS := build/check/convqa $(addprefix build/check/tests/,$(UNIT_TESTS))

check: deps
	@$(MAKE) --no-print-directory check-deps
	@$(MAKE) --no-print-directory check-bins
	@sh tests/run.sh

# the suite with the machine's clock a year ahead (libfaketime): no test may
# depend on the day it runs
check-clock: deps
	@command -v faketime >/dev/null || apt-get install -y -q faketime
	@$(MAKE) --no-print-directory check-bins
	@FAKETIME=+365d faketime -f +365d sh tests/run.sh

test/%: FORCE
	@$(MAKE) --no-print-directory check-bins
	@sh tests/run.sh $*

# one target for the binaries, so that make says nothing when they are up to date
check-bins: $(CHECK_BINS)
	@:

check-deps:
	@sh tests/tools/check_deps.sh

# (make check runs it too, in tests/tools/fn_length.test.sh)
check-fn:
	@sh tests/tools/fn_length.sh

# ---- demo, bench -----------------------------------------------------------
demo: deps
	@$(MAKE) --no-print-directory -s convqa
	@sh tests/tools/demo.sh

bench: deps
	@$(MAKE) --no-print-directory convqa build/release/bench_spans build/release/bench_compare
	@sh bench/run.sh

# bench/spans.sh's driver: spans_extract() on generated passages (release build)
build/release/bench_spans: bench/bench_spans.c $(addprefix build/release/,$(CORE_OBJS) $(MODEL_OBJS) $(METRICS_OBJS))
	$(call say,LINK,$@)$(CC) $(BASE_CFLAGS) $(RELEASE_CFLAGS) $(PKG_CFLAGS) $^ $(PKG_LIBS) -o $@

# bench/compare.sh's driver: the paired tests of report --compare (release build)
build/release/bench_compare: bench/bench_compare.c $(addprefix build/release/,$(CORE_OBJS) $(METRICS_OBJS))
	$(call say,LINK,$@)$(CC) $(BASE_CFLAGS) $(RELEASE_CFLAGS) $(PKG_CFLAGS) $^ $(PKG_LIBS) -o $@

clean:
	rm -rf build convqa

# ---- install ---------------------------------------------------------------
# As C tools do: PREFIX (default /usr/local), DESTDIR to stage for a package.
# convqa reads no file at run time (the built-in schemes are compiled in);
# the JSON Schemas that its messages name and the manual go along.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/convqa
DOCDIR ?= $(PREFIX)/share/doc/convqa
INSTALL ?= install
SCHEMAS := $(wildcard schemas/*.json)
BUILTIN_SCHEMAS := $(wildcard schemas/builtin/*.json)

install: convqa
	$(call say,INSTALL,$(DESTDIR)$(PREFIX))$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(DATADIR)/schemas/builtin $(DESTDIR)$(DOCDIR)/docs
	$(Q)$(INSTALL) -m 755 convqa $(DESTDIR)$(BINDIR)/convqa
	$(Q)$(INSTALL) -m 644 docs/convqa.1 $(DESTDIR)$(MANDIR)/man1/convqa.1
	$(Q)$(INSTALL) -m 644 $(SCHEMAS) $(DESTDIR)$(DATADIR)/schemas/
	$(Q)$(INSTALL) -m 644 $(BUILTIN_SCHEMAS) $(DESTDIR)$(DATADIR)/schemas/builtin/
	$(Q)$(INSTALL) -m 644 README.md $(DESTDIR)$(DOCDIR)/
	$(Q)$(INSTALL) -m 644 $(wildcard docs/*.md) $(DESTDIR)$(DOCDIR)/docs/

uninstall:
	$(call say,RM,$(DESTDIR)$(PREFIX))rm -f $(DESTDIR)$(BINDIR)/convqa $(DESTDIR)$(MANDIR)/man1/convqa.1
	$(Q)rm -rf $(DESTDIR)$(DATADIR) $(DESTDIR)$(DOCDIR)

FORCE:
.SECONDARY:

# ---- fuzzing (not part of check; docs/development.md "Fuzzing") ------------------------
# libFuzzer targets with ASan + UBSan, one tests/fuzz/<target>.c each (seeds
# in tests/fuzz/corpus/<target>/, keys in tests/fuzz/<name>.dict): the
# importer, the scheme reader of scheme add, the reader of import-labels.
# Needs clang.
FUZZ_CC ?= clang
FUZZ_OBJS := $(filter-out $(REPORT_OBJS),$(LIB_OBJS))
FUZZ_TIME ?= 600
FUZZ_TARGETS ?= fuzz_import fuzz_scheme fuzz_labels
FUZZ_CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FUZZ_RUN_FLAGS := -jobs=1 -workers=1 -max_total_time=$(FUZZ_TIME) -print_final_stats=1
.PHONY: fuzz fuzz-run

fuzz: $(addprefix build/fuzz/,$(FUZZ_TARGETS))

build/fuzz/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(FUZZ_CC) $(BASE_CFLAGS) $(FUZZ_CFLAGS) $(PKG_CFLAGS) -c $< -o $@

build/fuzz/tests/%.o: tests/fuzz/%.c
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(FUZZ_CC) $(BASE_CFLAGS) $(FUZZ_CFLAGS) $(PKG_CFLAGS) -c $< -o $@

build/fuzz/fuzz_%: build/fuzz/tests/fuzz_%.o $(addprefix build/fuzz/,$(FUZZ_OBJS))
	$(call say,LINK,$@)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $^ $(PKG_LIBS) -o $@

# in build/fuzz, per target: new inputs go to corpus/<target>/, crashes to
# artifacts/<target>/, the log to <target>.log; the seeds in
# tests/fuzz/corpus/<target>/ stay as they are. Each target runs FUZZ_TIME s.
fuzz-run: $(addprefix build/fuzz/,$(FUZZ_TARGETS))
	@cd build/fuzz && for t in $(FUZZ_TARGETS); do \
		mkdir -p corpus/$$t artifacts/$$t; \
		echo "$$t: $(FUZZ_TIME) s"; \
		./$$t $(FUZZ_RUN_FLAGS) -dict=../../tests/fuzz/$${t#fuzz_}.dict -artifact_prefix=artifacts/$$t/ \
			corpus/$$t ../../tests/fuzz/corpus/$$t; rc=$$?; \
		mv fuzz-0.log $$t.log 2>/dev/null; tail -12 $$t.log; [ $$rc -eq 0 ] || exit $$rc; done

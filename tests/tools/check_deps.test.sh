#!/bin/sh
# make check-deps keeps the layer order by folder (docs/development.md
# "Layout"): on a copy of the tree, each arrow up the layers is refused with
# a message naming the file, the header and both folders, and the allowed
# direction between siblings (study may include formats) passes.
. "$CONVQA_TOP/tests/lib.sh"
copy() {
	rm -rf "$T/tree" && mkdir -p "$T/tree/tests/tools" &&
		cp -R "$CONVQA_TOP/src" "$CONVQA_TOP/include" "$T/tree/" &&
		cp "$CONVQA_TOP/tests/tools/check_deps.sh" "$T/tree/tests/tools/"
}
deps() { run sh "$T/tree/tests/tools/check_deps.sh"; }
# add LINE after the first line of FILE (of the copy)
add() { sed -i "1a $2" "$T/tree/$1"; }

copy; deps
check_eq "the tree as it is passes" "0|check-deps: ok" "$rc|$(cat "$T/out")"

copy; add src/core/hash.c '#include "convqa/store.h"'; deps
check_eq "core includes nothing above it" \
	"1|check-deps: src/core/hash.c (core) includes convqa/store.h (store): an arrow up the layers" \
	"$rc|$(cat "$T/out")"

copy; add src/store/store_item.c '#include "convqa/rounds.h"'; deps
check_eq "the store includes no study rule" \
	"1|check-deps: src/store/store_item.c (store) includes convqa/rounds.h (study): an arrow up the layers" \
	"$rc|$(cat "$T/out")"

copy; add include/convqa/labels_read.h '#include "convqa/labelling.h"'; deps
check_eq "a header of the formats includes no study header (labels_read.h once included labelling.h)" \
	"1|check-deps: include/convqa/labels_read.h (formats) includes convqa/labelling.h (study): an arrow up the layers" \
	"$rc|$(cat "$T/out")"

copy; add src/formats/import_native.c '#include "convqa/labelling.h"'; deps
check_eq "formats never include study" \
	"1|check-deps: src/formats/import_native.c (formats) includes convqa/labelling.h (study): an arrow up the layers" \
	"$rc|$(cat "$T/out")"

copy; add src/metrics/spans.c '#include "convqa/model.h"'; deps
check_eq "the metrics include only core" \
	"1|check-deps: src/metrics/spans.c (metrics) includes convqa/model.h (model): an arrow up the layers" \
	"$rc|$(cat "$T/out")"

copy; add src/tui/draw.c '#include "convqa/cli.h"'; deps
check_eq "the UI includes no command" \
	"1|check-deps: src/tui/draw.c (tui) includes convqa/cli.h (cmd): an arrow up the layers" \
	"$rc|$(cat "$T/out")"

copy; add src/study/sampling.c '#include "convqa/formats.h"'; deps
check_eq "study may include formats" "0|check-deps: ok" "$rc|$(cat "$T/out")"

copy; printf '#ifndef X\n#define X\n#endif\n' >"$T/tree/include/convqa/orphan.h"; deps
check_eq "a header no folder owns is named" \
	"1|check-deps: include/convqa/orphan.h: no folder owns it (add src/FOLDER/NAME.c, or a row of OWNERS in $T/tree/tests/tools/check_deps.sh)" \
	"$rc|$(cat "$T/out")"

copy; mkdir "$T/tree/src/extra" && printf 'int extra;\n' >"$T/tree/src/extra/extra.c"; deps
check_eq "a folder needs a place in the order" \
	"1|check-deps: src/extra/extra.c: src/extra/ has no place in the layer order of $T/tree/tests/tools/check_deps.sh" \
	"$rc|$(cat "$T/out")"
done_testing

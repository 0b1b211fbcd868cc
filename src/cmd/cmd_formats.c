/* cmd_formats.c - convqa formats: the import and export formats, from their
 * tables (formats.h). */
#include <stdio.h>
#include <string.h>

#include "convqa/cli.h"
#include "convqa/formats.h"

/* The width of the name column: the longest name of both tables. */
static int name_width(void)
{
	size_t w = 4;
	for (size_t i = 0; formats_import(i); i++)
		if (strlen(formats_import(i)->name) > w)
			w = strlen(formats_import(i)->name);
	for (size_t i = 0; formats_export(i); i++)
		if (strlen(formats_export(i)->name) > w)
			w = strlen(formats_export(i)->name);
	return (int)w;
}

/* The import table: name, whether import detects it, summary. */
static void list_imports(int w)
{
	cli_printf(stdout, "import formats (convqa import --format NAME; default: detected, else %s):\n",
		   formats_import(0)->name);
	for (size_t i = 0; formats_import(i); i++) {
		const struct import_format *f = formats_import(i);
		cli_printf(stdout, "  %-*s  %-7s  %s\n", w, f->name, f->detect ? "detects" : "-", f->summary);
	}
}

/* The export table: name, summary (under the import table's columns). */
static void list_exports(int w)
{
	cli_printf(stdout, "export formats (convqa export --format NAME; default: %s):\n",
		   formats_export(0)->name);
	for (size_t i = 0; formats_export(i); i++)
		cli_printf(stdout, "  %-*s  %-7s  %s\n", w, formats_export(i)->name, "", formats_export(i)->summary);
}

static int run(struct cmd_ctx *c)
{
	int w = name_width();
	list_imports(w);
	cli_printf(stdout, "\n");
	list_exports(w);
	return ST_OK;
}

const struct cmd_entry cmd_formats_entry = {
	{ "formats", "[--help]", "list the import and export formats",
	  "A file that no import format detects is read as the first one.", NULL, 0, 0, NULL },
	0, NULL, NULL, run, NULL, NULL, NULL,
};

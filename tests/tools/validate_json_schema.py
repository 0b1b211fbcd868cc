#!/usr/bin/python3
"""Validate JSON files against a JSON Schema (draft 2020-12).

Usage: validate_json_schema.py SCHEMA FILE...

Checks SCHEMA itself first, then every FILE. Prints one line per problem,
'FILE: JSON-path: message', and exits 0 if everything is valid, 1 if any
file (or the schema) is invalid, 2 on usage errors.

Besides the schema, the files are read strictly: valid UTF-8, no NaN or
Infinity, no duplicate keys in an object.

Run with Debian's interpreter and python3-jsonschema: /usr/bin/python3.
"""

import json
import sys

try:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError
except ImportError:  # pragma: no cover
    sys.stderr.write("validate_json_schema.py: python3-jsonschema is needed "
                     "(apt install python3-jsonschema; run with /usr/bin/python3)\n")
    sys.exit(2)

MAX_MESSAGE = 300


class StrictJSONError(ValueError):
    """A problem the json module accepts but we refuse."""


def _path_str(parts):
    """JSON path ('$.a[0].b') of a sequence of keys and indices."""
    out = "$"
    for p in parts:
        if isinstance(p, int):
            out += "[%d]" % p
        elif p.isidentifier():
            out += "." + p
        else:
            out += "[" + json.dumps(p) + "]"
    return out


def _shorten(msg):
    msg = msg.replace("\n", " ")
    if len(msg) > MAX_MESSAGE:
        # Keep both ends: the instance is quoted first, the verdict comes last.
        msg = msg[:MAX_MESSAGE // 2] + " ... " + msg[-MAX_MESSAGE // 2:]
    return msg


def _refuse_constant(name):
    raise StrictJSONError("non-standard constant %s" % name)


class _Object(dict):
    """A JSON object that remembers the keys it saw more than once."""
    dups = ()


def _object_hook(pairs):
    obj = _Object()
    dups = []
    for k, v in pairs:
        if k in obj and k not in dups:
            dups.append(k)
        obj[k] = v
    if dups:
        obj.dups = dups
    return obj


def _duplicate_keys(node, path, out):
    """Append (path, key) for every duplicate key below node."""
    if isinstance(node, dict):
        for k in getattr(node, "dups", ()):
            out.append((path, k))
        for k, v in node.items():
            _duplicate_keys(v, path + [k], out)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            _duplicate_keys(v, path + [i], out)
    return out


def load_json(path):
    """Return (document, errors). errors is a list of 'path: message'."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        return None, ["$: cannot read: %s" % e.strerror]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return None, ["$: invalid UTF-8 at byte offset %d" % e.start]
    if text.startswith("\ufeff"):
        return None, ["$: file starts with a byte order mark"]
    try:
        doc = json.loads(text, object_pairs_hook=_object_hook,
                         parse_constant=_refuse_constant)
    except json.JSONDecodeError as e:
        return None, ["$: invalid JSON at line %d column %d: %s"
                      % (e.lineno, e.colno, e.msg)]
    except StrictJSONError as e:
        return None, ["$: invalid JSON: %s" % e]
    errors = ["%s: duplicate key %s" % (_path_str(p), json.dumps(k))
              for p, k in _duplicate_keys(doc, [], [])]
    return doc, errors


def _sort_key(error):
    return [(0, p, "") if isinstance(p, int) else (1, 0, p)
            for p in error.absolute_path]


def schema_errors(validator, doc):
    """'path: message' strings for every schema violation of doc."""
    out = []
    for err in sorted(validator.iter_errors(doc), key=lambda e: (_sort_key(e), e.message)):
        msg = err.message
        if err.validator in ("anyOf", "oneOf") and err.context:
            subs = []
            for sub in err.context:
                if sub.message not in subs:
                    subs.append(sub.message)
            msg = "matches none of the alternatives: " + " / ".join(subs)
        out.append("%s: %s" % (_path_str(err.absolute_path), _shorten(msg)))
    return out


def main(argv):
    if len(argv) < 3 or argv[1] in ("-h", "--help"):
        sys.stderr.write("usage: validate_json_schema.py SCHEMA FILE...\n")
        return 2
    schema_path, files = argv[1], argv[2:]
    schema, errors = load_json(schema_path)
    if schema is not None and not errors:
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as e:
            errors = ["%s: invalid schema: %s"
                      % (_path_str(e.absolute_path), _shorten(e.message))]
    if errors:
        for e in errors:
            print("%s: %s" % (schema_path, e))
        return 1
    validator = Draft202012Validator(schema)
    ok = True
    for path in files:
        doc, errors = load_json(path)
        if doc is not None:
            errors += schema_errors(validator, doc)
        for e in errors:
            print("%s: %s" % (path, e))
        ok = ok and not errors
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""Checks a file motion-bench wrote with its ecosystem's own parser, independently of the tool.

    python3 check_format.py KIND FILE

KIND: run, comparison, conformance (JSON, validated against docs/schemas/KIND.schema.json with
jsonschema); junit (validated against docs/schemas/junit.xsd with xmllint); markdown (parsed as
GitHub-flavoured Markdown with markdown-it-py: at least one table, every body row as wide as its
header); csv (Python's csv reader: every row as wide as the header); github (the JSON list that
github-action-benchmark reads). Prints what it found; exits 1 with the reason when the file does
not pass.
"""
import csv
import json
import pathlib
import subprocess
import sys

SCHEMAS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "schemas"


def fail(reason):
    print(f"check_format: {reason}")
    sys.exit(1)


def check_json(kind, path):
    import jsonschema
    schema = json.loads((SCHEMAS / f"{kind}.schema.json").read_text())
    document = json.loads(pathlib.Path(path).read_text())
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(document), key=lambda e: list(e.path))
    if errors:
        fail("; ".join(f"at {'/'.join(map(str, e.path)) or '$'}: {e.message}" for e in errors[:5]))
    print(f"{kind} JSON valid against {kind}.schema.json")


def check_junit(path):
    result = subprocess.run(["xmllint", "--noout", "--schema", str(SCHEMAS / "junit.xsd"), path], capture_output=True, text=True)
    if result.returncode != 0:
        fail(result.stderr.strip())
    print("JUnit valid against junit.xsd")


def check_markdown(path):
    from markdown_it import MarkdownIt
    tokens = MarkdownIt("commonmark").enable("table").parse(pathlib.Path(path).read_text())
    tables, widths, rows = 0, [], []
    in_cell = False
    for token in tokens:
        if token.type in ("th_open", "td_open"):
            in_cell = True
        elif token.type in ("th_close", "td_close"):
            in_cell = False
        elif in_cell and token.type == "inline" and token.content.startswith("exit code"):
            # A line meant as its own paragraph, read as a table row: it needs a blank line before it.
            fail(f"table {tables}: the line '{token.content}' was read as a table row")
        if token.type == "table_open":
            tables += 1
            widths, rows = [], []
        elif token.type == "tr_open":
            rows.append(0)
        elif token.type in ("th_open", "td_open"):
            rows[-1] += 1
        elif token.type == "table_close":
            if len(set(rows)) != 1:
                fail(f"table {tables}: rows of {sorted(set(rows))} cells")
            widths.append(rows[0])
    if tables == 0:
        fail("no table: a GFM parser sees only paragraphs")
    print(f"Markdown: {tables} table(s), every row as wide as its header")


def check_csv(path):
    with open(path, newline="") as handle:
        rows = list(csv.reader(handle))
    if len(rows) < 2:
        fail("no data rows")
    width = len(rows[0])
    for number, row in enumerate(rows[1:], start=2):
        if len(row) != width:
            fail(f"line {number} has {len(row)} fields, the header {width}")
    print(f"CSV: {len(rows) - 1} rows of {width} fields")


def check_github(path):
    entries = json.loads(pathlib.Path(path).read_text())
    if not isinstance(entries, list) or not entries:
        fail("not a non-empty JSON list")
    for entry in entries:
        if not {"name", "unit", "value"} <= set(entry) or not isinstance(entry["value"], (int, float)):
            fail(f"entry without name, unit and a numeric value: {entry}")
    print(f"github-action-benchmark: {len(entries)} entries")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        fail("usage: check_format.py KIND FILE")
    kind, path = sys.argv[1], sys.argv[2]
    if kind in ("run", "comparison", "conformance"):
        check_json(kind, path)
    elif kind == "junit":
        check_junit(path)
    elif kind == "markdown":
        check_markdown(path)
    elif kind == "csv":
        check_csv(path)
    elif kind == "github":
        check_github(path)
    else:
        fail(f"unknown kind {kind}")

"""Judges fixtures by Fixtures/fixture.schema.json with jsonschema, independently of the tool.

    python3 check_fixtures.py FILE

FILE holds one JSON document a line. Prints one line a document, in order: `valid`, or
`invalid<TAB>PATH: MESSAGE` for its first error (`$` is the document itself), or
`invalid<TAB>$: not JSON …` for a line that does not parse.
"""
import json
import pathlib
import sys

import jsonschema

SCHEMA = pathlib.Path(__file__).resolve().parents[2] / "Fixtures" / "fixture.schema.json"


def main(path):
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text()))
    for line in pathlib.Path(path).read_text().splitlines():
        try:
            document = json.loads(line)
        except json.JSONDecodeError as error:
            print(f"invalid\t$: not JSON ({error.msg})")
            continue
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        if errors:
            first = errors[0]
            where = "/".join(map(str, first.absolute_path)) or "$"
            print(f"invalid\t{where}: {first.message[:300]}")
        else:
            print("valid")


if __name__ == "__main__":
    main(sys.argv[1])

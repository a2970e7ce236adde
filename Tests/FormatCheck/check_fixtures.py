"""Judges fixtures by Fixtures/fixture.schema.json with jsonschema, independently of the tool.

    python3 check_fixtures.py FILE

FILE holds one JSON document a line. Prints one line a document, in order: `valid`, or
`invalid<TAB>PATH: MESSAGE` for the first error the validator meets (`$` is the document itself), or
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
        # The first error the validator meets, in the schema's order: collecting every error (of
        # every branch of every `oneOf`) to sort them took three times as long, for a message only.
        first = next(iter(validator.iter_errors(document)), None)
        if first is not None:
            where = "/".join(map(str, first.absolute_path)) or "$"
            print(f"invalid\t{where}: {first.message[:300]}")
        else:
            print("valid")


if __name__ == "__main__":
    main(sys.argv[1])

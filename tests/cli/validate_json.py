#!/usr/bin/env python3
"""Runs the floatscope command line and validates its --json output against a JSON Schema file.

usage: validate_json.py SCHEMA EXECUTABLE ARGS...
"""
import json
import subprocess
import sys

import jsonschema


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    schema_path, executable, *args = sys.argv[1:]
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    result = subprocess.run([executable, *args], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        print(f"{' '.join(args)}: exit status {result.returncode}: {result.stderr}", file=sys.stderr)
        return 1
    document = json.loads(result.stdout)
    jsonschema.validate(document, schema, cls=jsonschema.Draft202012Validator)
    print(f"{' '.join(args)}: valid against {schema_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

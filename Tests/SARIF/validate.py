#!/usr/bin/python3
"""Validates a SARIF log against a JSON schema (draft 4), formats included; prints every violation.

    validate.py SCHEMA LOG     (LOG '-' reads standard input)
"""
import json
import sys

import jsonschema
import rfc3987  # noqa: F401 -- jsonschema checks the uri and uri-reference formats only when it imports

schema_path, log_path = sys.argv[1], sys.argv[2]
with open(schema_path, encoding="utf-8") as file:
    schema = json.load(file)
log = json.load(sys.stdin if log_path == "-" else open(log_path, encoding="utf-8"))
validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
errors = sorted(validator.iter_errors(log), key=lambda error: list(error.absolute_path))
for error in errors:
    print("/".join(str(part) for part in error.absolute_path) + ": " + error.message)
if errors:
    sys.exit(1)
print("valid")

#!/usr/bin/env python3
"""Check Python's urllib.parse against one document's parse and resolve cases.

    python3 check_urllib.py urlcert-cases.json [DOC]      (DOC: rfc3986 by default)

Reads the export of `urlcert export` (cases/urlcert-cases.json) and compares
urlsplit() with the document's components and urljoin() with its resolutions.
urllib gives "" for an absent part, so an expected null (absent) is compared as "".
"""
import json
import sys
from urllib.parse import urljoin, urlsplit

export_path = sys.argv[1] if len(sys.argv) > 1 else "urlcert-cases.json"
doc = sys.argv[2] if len(sys.argv) > 2 else "rfc3986"
with open(export_path, encoding="utf-8") as f:
    export = json.load(f)


def check_parse(case, want):
    """None when urlsplit agrees with the expectation, else what differs."""
    try:
        p = urlsplit(case["input"])
        got = {"scheme": p.scheme, "authority": p.netloc, "path": p.path,
               "query": p.query, "fragment": p.fragment}
    except ValueError as e:
        return None if want["verdict"] == "invalid" else f"rejected: {e}"
    if want["verdict"] == "invalid":
        return f"accepted an input {doc} calls invalid"
    for name, value in want.get("components", {}).items():
        if name in got and got[name] != (value or ""):
            return f"{name}: expected {value!r}, got {got[name]!r}"
    return None


def check_resolve(case, want):
    got = urljoin(case["base"], case["input"])
    return None if got == want["result"] else f"expected {want['result']!r}, got {got!r}"


counts = {"parse": 0, "resolve": 0}
passed, failed, skipped = 0, 0, 0
for case in export["cases"]:
    want = case["expect"].get(doc)
    if want is None or case["op"] not in counts:
        continue
    counts[case["op"]] += 1
    if case["op"] == "resolve" and "result" not in want:
        skipped += 1  # the document gives no result (not-defined, invalid)
        continue
    check = check_parse if case["op"] == "parse" else check_resolve
    problem = check(case, want)
    if problem is None:
        passed += 1
    else:
        failed += 1
        if failed <= 10:
            print(f"FAIL {case['id']} ({case['location']}): {problem}")

total = counts["parse"] + counts["resolve"]
print(f"{doc}: {total} cases read (parse {counts['parse']}, resolve {counts['resolve']}): "
      f"{passed} pass, {failed} fail, {skipped} skipped")

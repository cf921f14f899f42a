#!/usr/bin/env python3
"""my-parser: a urlcert adapter (protocol v1, see ADAPTERS.md).

The sample adapter of ADAPTERS.md ("Add a parser in five minutes" and "Certify a parser
in its own CI"): Python's urlsplit and urljoin behind the protocol. Put your parser in
their place.
"""
import json
import sys
from urllib.parse import urljoin, urlsplit


def answer(req):
    op = req.get("op")
    if op == "hello":
        return {"hello": {"name": "my-parser", "version": "my-parser 0.1",
                          "model": "urlparse", "operations": ["parse", "resolve"]}}
    try:
        if op == "parse":
            p = urlsplit(req["input"])
            return {"parsed": {"components": {"scheme": p.scheme, "netloc": p.netloc,
                    "path": p.path, "query": p.query, "fragment": p.fragment}}}
        if op == "resolve":
            return {"resolved": {"result": urljoin(req["base"], req["reference"])}}
    except ValueError as e:
        return {"rejected": {"message": str(e)}}
    return {"unsupported": {"why": "unknown op %r" % op}}


for line in sys.stdin.buffer:
    req = json.loads(line)
    print(json.dumps({"id": req.get("id"), **answer(req)}), flush=True)

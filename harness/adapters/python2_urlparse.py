#!/usr/bin/env python2.7
"""urlcert adapter `python2-urlparse`: Python 2's `urlparse` module, protocol v1 (see
ADAPTERS.md). Runs under python2.7 (and, for its own tests, under Python 3 too, where it
says it is not Python 2 and exits 3).

Parse: `urlparse.urlparse(input)` (model `urlparse`: scheme, netloc, path, params,
query, fragment, plus `username`, `password`, `hostname`, `port`; Python 2's `.port`
gives None for a port that is not a number, and newer 2.7 releases raise ValueError for
one out of range: `rejected`). Resolve: `urlparse.urljoin(base, reference)` (RFC 1808's
resolution, which Python 2 never moved to RFC 3986's).

Self-contained: `_protocol.py` is Python 3 only. Inputs are given to urlparse as
`unicode`, as json gives them.
"""

import json
import platform
import re
import sys

NAME = "python2-urlparse"
MAX_MESSAGE = 2000

if sys.version_info[0] != 2:
    sys.stderr.write(
        "%s: unavailable: this adapter is Python 2's urlparse and needs python2.7 "
        "(this is Python %s)\n" % (NAME, platform.python_version())
    )
    sys.exit(3)

import urlparse  # noqa: E402  (Python 2 only)


def hello():
    return {
        "name": NAME,
        "version": "Python %s" % platform.python_version(),
        "model": "urlparse",
        "operations": ["parse", "resolve"],
    }


def message(exc):
    text = "%s: %s" % (type(exc).__name__, exc)
    return text[:MAX_MESSAGE]


def parse(text):
    r = urlparse.urlparse(text)
    port = r.port
    return {
        "scheme": r.scheme,
        "netloc": r.netloc,
        "path": r.path,
        "params": r.params,
        "query": r.query,
        "fragment": r.fragment,
        "username": r.username,
        "password": r.password,
        "hostname": r.hostname,
        "port": None if port is None else str(port),
    }


def text_field(request, key):
    value = request.get(key)
    if isinstance(value, bytes):  # py2 json gives str for pure-ASCII only in old releases
        value = value.decode("utf-8")
    return value


# A surrogate not in a pair (narrow builds keep pairs as two code units): not UTF-8,
# never sent by the harness, and JSON readers such as serde_json refuse it back.
LONE_SURROGATE = re.compile(u"[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]")


def answer(request):
    op = request.get("op")
    for key in ("input", "base", "reference"):
        value = text_field(request, key)
        if isinstance(value, type(u"")) and LONE_SURROGATE.search(value):
            return {"unsupported": {"why": "the request holds a lone surrogate (not UTF-8)"}}
    if op == "hello":
        return {"hello": hello()}
    if op == "parse":
        text = text_field(request, "input")
        if not isinstance(text, type(u"")):
            return {"unsupported": {"why": "a parse request needs a string field \"input\""}}
        try:
            return {"parsed": {"components": parse(text)}}
        except Exception as exc:
            return {"rejected": {"message": message(exc)}}
    if op == "resolve":
        base = text_field(request, "base")
        reference = text_field(request, "reference")
        if not isinstance(base, type(u"")) or not isinstance(reference, type(u"")):
            return {"unsupported": {"why": "a resolve request needs string fields \"base\" and \"reference\""}}
        try:
            return {"resolved": {"result": urlparse.urljoin(base, reference)}}
        except Exception as exc:
            return {"rejected": {"message": message(exc)}}
    return {"unsupported": {"why": "unknown op %s" % json.dumps(op)[:100]}}


def handle(raw):
    try:
        request = json.loads(raw.decode("utf-8"))
    except Exception as exc:
        return {"id": None, "unsupported": {"why": "the request line is not UTF-8 JSON: %s" % exc}}
    if not isinstance(request, dict):
        return {"id": None, "unsupported": {"why": "the request is not a JSON object"}}
    request_id = request.get("id")
    if isinstance(request_id, bool) or not isinstance(request_id, (int, long, type(u""))):  # noqa: F821
        request_id = None
    try:
        body = answer(request)
    except Exception as exc:
        body = {"unsupported": {"why": "adapter error: %s" % message(exc)}}
    body["id"] = request_id
    return body


def main(argv):
    if argv:
        sys.stderr.write("%s: unknown argument %r (it takes none)\n" % (NAME, argv[0]))
        return 2
    stdin = sys.stdin
    while True:
        raw = stdin.readline()
        if not raw:
            break
        raw = raw.rstrip(b"\n").rstrip(b"\r")
        answer_obj = handle(raw)
        try:
            text = json.dumps(answer_obj, ensure_ascii=True)
        except Exception as exc:
            text = json.dumps({"id": answer_obj.get("id"),
                               "unsupported": {"why": "unencodable answer: %s" % exc}})
        try:
            sys.stdout.write(text + "\n")
            sys.stdout.flush()
        except IOError:
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

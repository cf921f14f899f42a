"""The urlcert adapter protocol v1, for the Python adapters in this folder.

`serve(hello, parse, resolve, links=None, resolve_batch=None)` answers every line of
standard input until EOF, one JSON object per line, flushing after each. It never dies
on a request: a line that is not UTF-8 or not a protocol request gets an `unsupported`
answer, `Unsupported` raised by the adapter becomes `unsupported`, and any other
exception the parser raises becomes `rejected` with its message. See ADAPTERS.md at the
repository root for the protocol.

The harness may write several requests before it reads their answers. After each line
`serve` takes the complete lines already waiting in the pipe too (never waiting for
more, bounded), and answers them in order. `resolve_batch(pairs)`, when given, is
handed the (base, reference) pairs of the resolve requests among them (two or more)
and returns one callable per pair: called in request order, each returns that
request's result or raises, as `resolve(base, reference)` would, so that an adapter
can answer many with one run of its program and each answer is still written as soon
as it is known.

`import_or_exit(name, package, install, module)` imports the parser's module, or says
why it cannot and exits 3 (the harness's `unavailable`); `serve_without_profiles` is
`serve` for an adapter that takes no arguments, `parser_hello` the `hello` answer of one
that parses and resolves.

`links(document, retrieved_from, attributes)` returns the body of the `links` answer:
a dict whose "links" is a list of {"href": str, "result": str or None}; other keys are
passed on (the harness ignores them).
"""

import importlib
import json
import math
import os
import re
import select
import sys

PROTOCOL = 1
# Messages are data for reports; a parser's message may quote a huge input, so it is cut.
MAX_MESSAGE = 2000


def import_or_exit(name, package, install, module):
    """The module `module` of the Python package `package`; when it cannot be imported,
    says why and how to install it on standard error and exits 3, before any request."""
    try:
        return importlib.import_module(module)
    except Exception as exc:  # ImportError, or a broken installation
        sys.stderr.write(
            "%s: unavailable: the Python package %s cannot be imported (%s: %s); "
            "install it with: %s\n" % (name, package, type(exc).__name__, exc, install)
        )
        sys.exit(3)


def parser_hello(name, version, model):
    """The `hello` answer of an adapter that parses and resolves."""
    return {"name": name, "version": version, "model": model, "operations": ["parse", "resolve"]}


class Reject(Exception):
    """Raised by an adapter to reject with exactly this message (no exception name)."""


class Unsupported(Exception):
    """Raised by an adapter to answer `unsupported` with this reason."""


def _message(exc):
    if isinstance(exc, Reject):
        text = str(exc)
    else:
        text = "%s: %s" % (type(exc).__name__, exc)
    if len(text) > MAX_MESSAGE:
        text = text[:MAX_MESSAGE] + "..."
    return text


def rejected(exc_or_text):
    if isinstance(exc_or_text, BaseException):
        return {"rejected": {"message": _message(exc_or_text)}}
    return {"rejected": {"message": str(exc_or_text)[:MAX_MESSAGE]}}


def unsupported(why):
    return {"unsupported": {"why": str(why)[:MAX_MESSAGE]}}


# After json.loads, a valid surrogate pair is one character: any surrogate left is lone.
_SURROGATE = re.compile("[\ud800-\udfff]")


def _lone_surrogate(*values):
    return any(isinstance(v, str) and _SURROGATE.search(v) for v in values)


def _clean(value):
    """Lone surrogates out of an answer: JSON readers such as serde_json refuse them."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_clean(v) for v in value]
    return value


def _strings(value):
    """Is `value` a list of strings?"""
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _links_answer(request, links):
    document = request.get("document")
    retrieved_from = request.get("retrieved_from")
    attributes = request.get("attributes")
    if (not isinstance(document, str) or not _strings(retrieved_from)
            or not isinstance(attributes, list)
            or not all(_strings(a) and len(a) == 2 for a in attributes)):
        return unsupported(
            "a links request needs a string \"document\", a list of strings "
            "\"retrieved_from\" and a list of [element, attribute] pairs \"attributes\""
        )
    if _lone_surrogate(document, *retrieved_from):
        return unsupported("the request holds a lone surrogate (not UTF-8)")
    if links is None:
        return unsupported("this adapter does not answer links")
    try:
        return {"links": links(document, retrieved_from, attributes)}
    except Unsupported as exc:
        return unsupported(exc)
    except Exception as exc:
        return rejected(exc)


def _answer(request, hello, parse, resolve, links=None, resolved=None):
    """The answer body (without the id) for one decoded request object. `resolved`,
    for a resolve request, is what stands for `resolve(base, reference)`: a callable
    from `resolve_batch`."""
    op = request.get("op")
    if op == "links":
        return _links_answer(request, links)
    if _lone_surrogate(request.get("input"), request.get("base"), request.get("reference")):
        # Not UTF-8: the harness never sends it, and no parser here can be asked it.
        return unsupported("the request holds a lone surrogate (not UTF-8)")
    if op == "hello":
        return {"hello": hello()}
    if op == "parse":
        text = request.get("input")
        if not isinstance(text, str):
            return unsupported("a parse request needs a string field \"input\"")
        if parse is None:
            return unsupported("this adapter does not parse")
        try:
            return {"parsed": {"components": parse(text)}}
        except Unsupported as exc:
            return unsupported(exc)
        except Exception as exc:  # the parser refused: its own message
            return rejected(exc)
    if op == "resolve":
        base = request.get("base")
        reference = request.get("reference")
        if not isinstance(base, str) or not isinstance(reference, str):
            return unsupported(
                "a resolve request needs string fields \"base\" and \"reference\""
            )
        if resolve is None:
            return unsupported("this adapter does not resolve")
        try:
            if resolved is not None:
                return {"resolved": {"result": resolved()}}
            return {"resolved": {"result": resolve(base, reference)}}
        except Unsupported as exc:
            return unsupported(exc)
        except Exception as exc:
            return rejected(exc)
    return unsupported("unknown op %s" % json.dumps(op)[:100])


def _decode(raw):
    """One request line: (the request object, None), or (None, the whole answer to a
    line that is no request)."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None, {"id": None, **unsupported("the request line is not UTF-8")}
    try:
        request = json.loads(line)
    except ValueError as exc:
        return None, {"id": None, **unsupported("the request line is not JSON: %s" % exc)}
    if not isinstance(request, dict):
        return None, {"id": None, **unsupported("the request is not a JSON object")}
    return request, None


def _reply(request, hello, parse, resolve, links, resolved=None):
    """The whole answer to a decoded request object."""
    request_id = request.get("id")
    if isinstance(request_id, bool) or not isinstance(request_id, (int, float, str)):
        request_id = None
    elif isinstance(request_id, float) and not math.isfinite(request_id):
        request_id = None  # 1e999 reads as inf, which JSON cannot write back
    try:
        body = _answer(request, hello, parse, resolve, links, resolved)
    except Exception as exc:  # a bug here must not end the process
        body = unsupported("adapter error: %s" % _message(exc))
    return {"id": request_id, **body}


def _batchable(request):
    """Is this a resolve request `resolve_batch` can be given: string base and
    reference, UTF-8? (Any other is answered alone, as `_answer` says.)"""
    return (request is not None and request.get("op") == "resolve"
            and isinstance(request.get("base"), str)
            and isinstance(request.get("reference"), str)
            and not _lone_surrogate(request.get("base"), request.get("reference")))


# What one look at standard input takes beyond its first line: enough for a window of
# the harness's (64 requests, 32 KiB), bounded so that a flood cannot hold the answers.
_READ = 1 << 16
_WAITING_LINES = 256
_WAITING_BYTES = 1 << 20


def _batches(fd):
    """Yields the request lines of standard input (without their line ends) in lists:
    the next line, as soon as it is complete, and every complete line already waiting
    behind it (a poll per read, which only an adapter that answers requests together
    has use for). A last line without its newline counts."""
    pending = bytearray()
    ends = 0  # how many newlines `pending` holds
    eof = False
    while True:
        while ends == 0 and not eof:
            chunk = os.read(fd, _READ)
            if not chunk:
                eof = True
            pending += chunk
            ends += chunk.count(b"\n")
        while (not eof and ends < _WAITING_LINES and len(pending) < _WAITING_BYTES
               and select.select([fd], [], [], 0)[0]):
            chunk = os.read(fd, _READ)
            if not chunk:
                eof = True
            pending += chunk
            ends += chunk.count(b"\n")
        lines = bytes(pending).split(b"\n")
        rest = lines.pop()
        if eof and rest:
            lines.append(rest)
            rest = b""
        pending = bytearray(rest)
        ends = 0
        if lines:
            yield lines
        if eof:
            return


def _write(answer):
    # ensure_ascii: every byte out is ASCII, so lone surrogates and control characters
    # are escaped and nothing can break the line.
    try:
        text = json.dumps(_clean(answer), ensure_ascii=True, allow_nan=False)
    except Exception as exc:
        text = json.dumps(
            {"id": answer.get("id"), **unsupported("unencodable answer: %s" % exc)}
        )
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def serve(hello, parse, resolve, links=None, resolve_batch=None):
    """Answers each line of standard input until EOF, in order; with `resolve_batch`,
    the resolve requests waiting together are given to it (see the module's doc)."""
    try:
        gather = resolve_batch is not None and resolve is not None
        # One line at a time through the buffered reader, unless requests are gathered.
        batches = (
            _batches(sys.stdin.fileno())
            if gather
            else ([line.rstrip(b"\n")] for line in sys.stdin.buffer)
        )
        for lines in batches:
            requests = []
            for raw in lines:
                if raw.endswith(b"\r"):
                    raw = raw[:-1]
                requests.append(_decode(raw))
            resolved = {}
            batch = [i for i, (r, _) in enumerate(requests) if _batchable(r)]
            if resolve_batch is not None and resolve is not None and len(batch) > 1:
                try:
                    calls = resolve_batch(
                        [(requests[i][0]["base"], requests[i][0]["reference"]) for i in batch])
                    resolved = dict(zip(batch, calls))
                except Exception:  # a bug there: each request is answered alone
                    resolved = {}
            for i, (request, answer) in enumerate(requests):
                if request is not None:
                    answer = _reply(request, hello, parse, resolve, links, resolved.get(i))
                _write(answer)
    except (BrokenPipeError, KeyboardInterrupt):
        # The harness went away: nothing left to answer. Point stdout at /dev/null so
        # the interpreter's final flush does not complain on stderr.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except Exception:
            pass
    return 0


def serve_without_profiles(name, argv, version, model, parse, resolve):
    """`serve` for an adapter that takes no arguments: any argument is refused (exit 2).
    `version()` is asked at each `hello`, so a parser that fails to say it is answered
    like any other failure, not a crash at start."""
    if argv:
        sys.stderr.write("%s: unknown argument %r (it takes none)\n" % (name, argv[0]))
        return 2

    def hello():
        return parser_hello(name, version(), model)

    return serve(hello, parse, resolve)

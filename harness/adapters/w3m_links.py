#!/usr/bin/env python3
"""w3m: a urlcert adapter (protocol v1, see ADAPTERS.md), resolve only.

Each resolve writes a page whose <BASE HREF> is the base and whose link is the
reference, between two marker links, and runs
`w3m -dump -o display_link_number=1 -T text/html PAGE` (as an argument vector): w3m
prints the page and then "References:", the page's links resolved, numbered in
document order (w3m's `display_link_number` option); the link between the markers is
the answer.

- No link between the markers: w3m dropped the link; answered `rejected`.
- A link that points at the page file itself: there is no URL to compare; answered
  `unsupported`, saying so.
- A reference holding a control character or a line break cannot be carried by an
  HTML attribute as-is: `unsupported`.
"""

import html
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _protocol import Reject, serve  # noqa: E402

START = "http://urlcert.invalid/start"
END = "http://urlcert.invalid/end"
LINK = re.compile(r"^\[(\d+)\] (.*)$")
W3M = shutil.which("w3m")


class Unsupported(BaseException):
    """Answered `unsupported`: a BaseException, so that _protocol's `except Exception`
    (which answers `rejected`) lets it through to `main`'s wrapper."""


def version():
    # "w3m version w3m/0.5.3+git20230121, options lang=en,..."
    out = subprocess.run([W3M, "-version"], capture_output=True, text=True, timeout=10)
    return out.stdout.strip().split(",")[0] or "w3m"


def page(base, reference):
    return (
        '<html><head><meta charset="utf-8"><base href="%s"></head><body>\n'
        '<a href="%s">s</a>\n<a href="%s">r</a>\n<a href="%s">e</a>\n</body></html>\n'
        % (html.escape(base), START, html.escape(reference), END)
    )


def run(base, reference, tmp):
    path = os.path.join(tmp, "page.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(page(base, reference))
    out = subprocess.run(
        [W3M, "-dump", "-o", "display_link_number=1", "-T", "text/html", "-cols", "10000",
         "-I", "UTF-8", "-O", "UTF-8", "-no-cookie", path],
        capture_output=True, timeout=20, stdin=subprocess.DEVNULL,
    )
    text = out.stdout.decode("utf-8", "replace").splitlines()
    # The list follows the last "References:" line (the page's own text is s, r, e).
    at = max((i for i, line in enumerate(text) if line == "References:"), default=len(text))
    links = []
    for line in text[at + 1:]:
        m = LINK.match(line)
        if m:
            links.append(m.group(2))
    return links, "file://" + path


def resolve(base, reference):
    if re.search(r"[\x00-\x1f\x7f]", base + reference):
        raise Unsupported("a control character or line break in an HTML attribute")
    tmp = tempfile.mkdtemp(prefix="urlcert-w3m-")
    try:
        links, *self_urls = run(base, reference, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if START not in links or END not in links:
        raise Reject("w3m listed no marker links: %r" % links[:4])
    between = links[links.index(START) + 1:links.index(END)]
    if not between:
        raise Reject("w3m listed no link for the reference")
    result = between[0]
    if any(result == u or result.startswith(u + "#") for u in self_urls):
        raise Unsupported(
            "w3m resolved it to the current document (%s), not a URL from the base"
            % result.replace(tmp, "PAGE"))
    return result


def hello():
    return {"name": "w3m", "version": version(), "model": "whatwg",
            "operations": ["resolve"]}


def main():
    if W3M is None:
        sys.stderr.write("w3m is not on PATH (apt-get install w3m)\n")
        return 3
    import _protocol

    real = _protocol._answer

    def answer(request, hello_, parse, resolve_):
        try:
            return real(request, hello_, parse, resolve_)
        except Unsupported as exc:
            return _protocol.unsupported(str(exc))

    _protocol._answer = answer
    return serve(hello, None, resolve)


if __name__ == "__main__":
    sys.exit(main())

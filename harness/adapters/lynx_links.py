#!/usr/bin/env python3
"""lynx: a urlcert adapter (protocol v1, see ADAPTERS.md), resolve only.

Each resolve writes a page whose <BASE HREF> is the base and whose link is the
reference, between two marker links, and runs `lynx -dump -listonly -force_html PAGE`
(as an argument vector): Lynx prints the page's links resolved, numbered in document
order; the link between the markers is the answer. Lynx resolves with its own
HTParse (libwww-FM), the code Fielding's 1997 test pages recorded as Lynx 2.7.1.

- No link between the markers: Lynx dropped the link; answered `rejected`.
- A link that points at the page file itself (Lynx treats an empty reference and a
  bare fragment as "this document", as Fielding's pages record for Lynx 2.7.1): there
  is no URL to compare; answered `unsupported`, saying so.
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
LINK = re.compile(r"^\s*(\d+)\. (.*)$")
LYNX = shutil.which("lynx")


class Unsupported(BaseException):
    """Answered `unsupported`: a BaseException, so that _protocol's `except Exception`
    (which answers `rejected`) lets it through to `main`'s wrapper."""


def version():
    out = subprocess.run([LYNX, "-version"], capture_output=True, text=True, timeout=10)
    first = out.stdout.strip().splitlines()[0] if out.stdout.strip() else "lynx"
    return first


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
        [LYNX, "-dump", "-listonly", "-force_html", "-nomargins", "-width=1024",
         "-display_charset=utf-8", "-assume_charset=utf-8", "-assume_local_charset=utf-8",
         path],
        capture_output=True, timeout=20, stdin=subprocess.DEVNULL,
    )
    links = []
    for line in out.stdout.decode("utf-8", "replace").splitlines():
        m = LINK.match(line)
        if m:
            links.append(m.group(2))
    return links, "file://localhost" + path, "file://" + path


def resolve(base, reference):
    if re.search(r"[\x00-\x1f\x7f]", base + reference):
        raise Unsupported("a control character or line break in an HTML attribute")
    tmp = tempfile.mkdtemp(prefix="urlcert-lynx-")
    try:
        links, *self_urls = run(base, reference, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if START not in links or END not in links:
        raise Reject("lynx listed no marker links: %r" % links[:4])
    between = links[links.index(START) + 1:links.index(END)]
    if not between:
        raise Reject("lynx listed no link for the reference")
    result = between[0]
    if any(result == u or result.startswith(u + "#") for u in self_urls):
        raise Unsupported(
            "lynx resolved it to the current document (%s), not a URL from the base"
            % result.replace(tmp, "PAGE"))
    return result


def hello():
    return {"name": "lynx", "version": version(), "model": "whatwg",
            "operations": ["resolve"]}


def main():
    if LYNX is None:
        sys.stderr.write("lynx is not on PATH (apt-get install lynx)\n")
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

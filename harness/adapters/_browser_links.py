"""What the text-browser adapters (lynx_links.py, w3m_links.py) share: resolve only.

Each resolve writes a page whose <BASE HREF> is the base and whose link is the
reference, between two marker links, and asks the browser (as an argument vector) for
the page's links, resolved, in document order; the link between the markers is the
answer.

- No link between the markers: the browser dropped the link; answered `rejected`.
- A link that points at the page file itself (an empty reference or a bare fragment
  taken as "this document"): there is no URL to compare; answered `unsupported`.
- A reference holding a control character or a line break cannot be carried by an
  HTML attribute as-is: `unsupported`.
"""

import html
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _protocol import Reject, Unsupported, serve  # noqa: E402

START = "http://urlcert.invalid/start"
END = "http://urlcert.invalid/end"


def page(base, reference):
    return (
        '<html><head><meta charset="utf-8"><base href="%s"></head><body>\n'
        '<a href="%s">s</a>\n<a href="%s">r</a>\n<a href="%s">e</a>\n</body></html>\n'
        % (html.escape(base), START, html.escape(reference), END)
    )


def main(name, program, version, links):
    """Serves protocol v1 for the browser `name` found at `program` (None: missing).
    `version()` is its version line; `links(path)` the links it lists for the page at
    `path`, and the URLs that stand for the page itself."""
    if program is None:
        sys.stderr.write("%s is not on PATH (apt-get install %s)\n" % (name, name))
        return 3

    def resolve(base, reference):
        if re.search(r"[\x00-\x1f\x7f]", base + reference):
            raise Unsupported("a control character or line break in an HTML attribute")
        tmp = tempfile.mkdtemp(prefix="urlcert-%s-" % name)
        try:
            path = os.path.join(tmp, "page.html")
            with open(path, "w", encoding="utf-8") as f:
                f.write(page(base, reference))
            listed, self_urls = links(path)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        if START not in listed or END not in listed:
            raise Reject("%s listed no marker links: %r" % (name, listed[:4]))
        between = listed[listed.index(START) + 1:listed.index(END)]
        if not between:
            raise Reject("%s listed no link for the reference" % name)
        result = between[0]
        if any(result == u or result.startswith(u + "#") for u in self_urls):
            raise Unsupported(
                "%s resolved it to the current document (%s), not a URL from the base"
                % (name, result.replace(tmp, "PAGE")))
        return result

    def hello():
        return {"name": name, "version": version(), "model": "whatwg",
                "operations": ["resolve"]}

    return serve(hello, None, resolve)

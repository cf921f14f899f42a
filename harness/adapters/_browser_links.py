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

Resolve requests that come together (the harness writes several before it reads their
answers) are answered with one browser run per base: one page holding every reference
of that base as its own link, each between markers numbered by its place
(START/0 ... END/0, START/1 ... END/1, ...). A reference is answered from that page
only when its two markers are each listed once, with exactly one link between them
that is no marker; otherwise (the browser dropped, split or repeated something) it is
asked alone on its own page, as above, so that every answer is the one-link page's.
"""

import functools
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
# Every marker begins so: on a page of many links, a listed link that looks like one
# is never taken for a reference's result.
MARKER = "http://urlcert.invalid/"
CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _head(base):
    return '<html><head><meta charset="utf-8"><base href="%s"></head><body>\n' % html.escape(
        base)


def _link(start, reference, end):
    return '<a href="%s">s</a>\n<a href="%s">r</a>\n<a href="%s">e</a>\n' % (
        start, html.escape(reference), end)


_TAIL = "</body></html>\n"


def page(base, reference):
    return _head(base) + _link(START, reference, END) + _TAIL


def batch_page(base, references):
    """One page for many references under one base: the i-th between START/i and
    END/i."""
    return (_head(base)
            + "".join(_link("%s/%d" % (START, i), r, "%s/%d" % (END, i))
                      for i, r in enumerate(references))
            + _TAIL)


def main(name, program, version, links):
    """Serves protocol v1 for the browser `name` found at `program` (None: missing).
    `version()` is its version line; `links(path)` the links it lists for the page at
    `path`, and the URLs that stand for the page itself."""
    if program is None:
        sys.stderr.write("%s is not on PATH (apt-get install %s)\n" % (name, name))
        return 3

    def listed(text):
        """What the browser lists for a page of `text`: its links, the URLs that
        stand for the page, and the folder the page was in (gone by now)."""
        tmp = tempfile.mkdtemp(prefix="urlcert-%s-" % name)
        try:
            path = os.path.join(tmp, "page.html")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            found, self_urls = links(path)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return found, self_urls, tmp

    def result_of(result, self_urls, tmp):
        if any(result == u or result.startswith(u + "#") for u in self_urls):
            raise Unsupported(
                "%s resolved it to the current document (%s), not a URL from the base"
                % (name, result.replace(tmp, "PAGE")))
        return result

    def resolve(base, reference):
        if CONTROL.search(base + reference):
            raise Unsupported("a control character or line break in an HTML attribute")
        found, self_urls, tmp = listed(page(base, reference))
        if START not in found or END not in found:
            raise Reject("%s listed no marker links: %r" % (name, found[:4]))
        between = found[found.index(START) + 1:found.index(END)]
        if not between:
            raise Reject("%s listed no link for the reference" % name)
        return result_of(between[0], self_urls, tmp)

    def resolve_batch(pairs):
        # The references a page can carry, by base, in request order.
        groups = {}
        for i, (base, reference) in enumerate(pairs):
            if not CONTROL.search(base + reference):
                groups.setdefault(base, []).append(i)
        ran = set()
        read = {}  # pair index -> (result, self URLs, folder), from its base's page

        def run(base):
            ran.add(base)
            members = groups[base]
            try:
                found, self_urls, tmp = listed(
                    batch_page(base, [pairs[i][1] for i in members]))
            except Exception:  # the browser failed on the page: each is asked alone
                return
            at = {}
            for n, url in enumerate(found):
                at.setdefault(url, []).append(n)
            for k, i in enumerate(members):
                start = at.get("%s/%d" % (START, k), [])
                end = at.get("%s/%d" % (END, k), [])
                if len(start) == 1 and len(end) == 1 and end[0] == start[0] + 2:
                    result = found[start[0] + 1]
                    if not result.startswith(MARKER):
                        read[i] = (result, self_urls, tmp)

        def call(i):
            base, reference = pairs[i]
            if len(groups.get(base, ())) > 1 and not CONTROL.search(base + reference):
                if base not in ran:
                    run(base)
                if i in read:
                    return result_of(*read[i])
            return resolve(base, reference)

        return [functools.partial(call, i) for i in range(len(pairs))]

    def hello():
        return {"name": name, "version": version(), "model": "whatwg",
                "operations": ["resolve"]}

    return serve(hello, None, resolve, resolve_batch=resolve_batch)

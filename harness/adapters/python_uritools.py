#!/usr/bin/env python3
"""urlcert adapter `python-uritools`: the `uritools` package, protocol v1 (see
ADAPTERS.md).

Parse: `uritools.urisplit(input)`, RFC 3986 Appendix B's split (uritools does not
validate). Model `rfc3986`: the result's `scheme`, `userinfo`, `host` (an IP literal
keeps its brackets), `port`, `path`, `query`, `fragment` as strings, `None` where
uritools says the component is undefined (its documentation: "components that are not
defined are None").
Resolve: `uritools.urijoin(base, reference)` (RFC 3986 Section 5.2, non-strict, the
default).

When the package is missing, this program writes why to standard error and exits 3.
"""

import sys

NAME = "python-uritools"
INSTALL = "pip install uritools"

try:
    import uritools
except Exception as exc:  # ImportError, or a broken installation
    sys.stderr.write(
        "%s: unavailable: the Python package uritools cannot be imported (%s: %s); "
        "install it with: %s\n" % (NAME, type(exc).__name__, exc, INSTALL)
    )
    sys.exit(3)

import _protocol


def main(argv):
    if argv:
        sys.stderr.write("%s: unknown argument %r (it takes none)\n" % (NAME, argv[0]))
        return 2

    def hello():
        return {
            "name": NAME,
            "version": "uritools %s" % uritools.__version__,
            "model": "rfc3986",
            "operations": ["parse", "resolve"],
        }

    def parse(text):
        parts = uritools.urisplit(text)
        return {
            "scheme": parts.scheme,
            "userinfo": parts.userinfo,
            "host": parts.host,
            "port": parts.port,
            "path": parts.path,
            "query": parts.query,
            "fragment": parts.fragment,
        }

    def resolve(base, reference):
        return uritools.urijoin(base, reference)

    return _protocol.serve(hello, parse, resolve)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

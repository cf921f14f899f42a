#!/usr/bin/env python3
"""urlcert adapter `python-rfc3987`: the `rfc3987` package, protocol v1 (see
ADAPTERS.md).

Parse: `rfc3987.parse(input, rule='IRI_reference')`, which matches the input against
RFC 3987's `IRI-reference` rule (RFC 3986's grammar with non-ASCII characters allowed)
and raises ValueError when it does not match: `rejected`. Model `rfc3986`: `scheme`,
`iuserinfo`, `ihost`, `port`, `path`, `query`, `fragment` of the match, `None` for a
group that did not take part. The subcomponents of the authority are only named when
the `regex` module is there (the package's documentation: "If regex is available, any
rule is supported"); without it this program says so and exits 3.
Resolve: `rfc3987.resolve(base, reference)` (RFC 3986 Section 5.2, strict, the
package's default).

When the package is missing, this program writes why to standard error and exits 3.
"""

import sys

NAME = "python-rfc3987"
INSTALL = "pip install rfc3987 regex"

try:
    import rfc3987
except Exception as exc:  # ImportError, or a broken installation
    sys.stderr.write(
        "%s: unavailable: the Python package rfc3987 cannot be imported (%s: %s); "
        "install it with: %s\n" % (NAME, type(exc).__name__, exc, INSTALL)
    )
    sys.exit(3)
if not getattr(rfc3987, "REGEX", False):
    sys.stderr.write(
        "%s: unavailable: rfc3987 names the authority's parts only with the regex "
        "module, which cannot be imported; install it with: pip install regex\n" % NAME
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
            "version": "rfc3987 %s" % rfc3987.__version__,
            "model": "rfc3986",
            "operations": ["parse", "resolve"],
        }

    def parse(text):
        d = rfc3987.parse(text, rule="IRI_reference")
        return {
            "scheme": d.get("scheme"),
            "userinfo": d.get("iuserinfo"),
            "host": d.get("ihost"),
            "port": d.get("port"),
            "path": d.get("path"),
            "query": d.get("query"),
            "fragment": d.get("fragment"),
        }

    def resolve(base, reference):
        return rfc3987.resolve(base, reference)

    return _protocol.serve(hello, parse, resolve)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

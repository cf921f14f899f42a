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

import _protocol

NAME = "python-rfc3987"
rfc3987 = _protocol.import_or_exit(NAME, "rfc3987", "pip install rfc3987 regex", "rfc3987")
if not getattr(rfc3987, "REGEX", False):
    sys.stderr.write(
        "%s: unavailable: rfc3987 names the authority's parts only with the regex "
        "module, which cannot be imported; install it with: pip install regex\n" % NAME
    )
    sys.exit(3)


def parse(text):
    match = rfc3987.parse(text, rule="IRI_reference")
    return {
        "scheme": match.get("scheme"),
        "userinfo": match.get("iuserinfo"),
        "host": match.get("ihost"),
        "port": match.get("port"),
        "path": match.get("path"),
        "query": match.get("query"),
        "fragment": match.get("fragment"),
    }


def version():
    return "rfc3987 %s" % rfc3987.__version__


if __name__ == "__main__":
    sys.exit(_protocol.serve_without_profiles(NAME, sys.argv[1:], version, "rfc3986", parse, rfc3987.resolve))

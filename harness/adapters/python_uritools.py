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

import _protocol

NAME = "python-uritools"
uritools = _protocol.import_or_exit(NAME, "uritools", "pip install uritools", "uritools")


# The model's components, which are also the names of urisplit's result fields.
COMPONENTS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


def parse(text):
    parts = uritools.urisplit(text)
    return {name: getattr(parts, name) for name in COMPONENTS}


def version():
    return "uritools %s" % uritools.__version__


if __name__ == "__main__":
    sys.exit(_protocol.serve_without_profiles(NAME, sys.argv[1:], version, "rfc3986", parse, uritools.urijoin))

#!/usr/bin/env python3
"""urlcert adapter `python-ada`: the `ada-url` package (Python bindings of ada, a WHATWG
URL parser in C++), protocol v1 (see ADAPTERS.md).

Parse: `ada_url.URL(input)`; ValueError for a URL ada rejects: `rejected`. Model
`whatwg`: the URL API's getters, `protocol`, `username`, `password`, `hostname`,
`port`, `pathname`, `search`, `hash`, as ada gives them.
Resolve: `ada_url.join_url(base, reference)` (the URL parser with a base URL).
Version: `ada_url.get_version()`, the version of the ada library inside the package.

When the package is missing, this program writes why to standard error and exits 3.
"""

import sys

NAME = "python-ada"
INSTALL = "pip install ada-url"

try:
    import ada_url
except Exception as exc:  # ImportError, or a broken installation
    sys.stderr.write(
        "%s: unavailable: the Python package ada-url cannot be imported (%s: %s); "
        "install it with: %s\n" % (NAME, type(exc).__name__, exc, INSTALL)
    )
    sys.exit(3)

import _protocol

GETTERS = ("protocol", "username", "password", "hostname", "port", "pathname", "search", "hash")


def main(argv):
    if argv:
        sys.stderr.write("%s: unknown argument %r (it takes none)\n" % (NAME, argv[0]))
        return 2

    def hello():
        return {
            "name": NAME,
            "version": "ada %s" % ada_url.get_version(),
            "model": "whatwg",
            "operations": ["parse", "resolve"],
        }

    def parse(text):
        url = ada_url.URL(text)
        return {name: getattr(url, name) for name in GETTERS}

    def resolve(base, reference):
        return ada_url.join_url(base, reference)

    return _protocol.serve(hello, parse, resolve)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

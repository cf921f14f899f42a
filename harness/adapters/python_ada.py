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

import _protocol

NAME = "python-ada"
ada_url = _protocol.import_or_exit(NAME, "ada-url", "pip install ada-url", "ada_url")

GETTERS = ("protocol", "username", "password", "hostname", "port", "pathname", "search", "hash")


def parse(text):
    url = ada_url.URL(text)
    return {name: getattr(url, name) for name in GETTERS}


def resolve(base, reference):
    return ada_url.join_url(base, reference)


def version():
    return "ada %s" % ada_url.get_version()


if __name__ == "__main__":
    sys.exit(_protocol.serve_without_profiles(NAME, sys.argv[1:], version, "whatwg", parse, resolve))

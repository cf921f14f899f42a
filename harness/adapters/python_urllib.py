#!/usr/bin/env python3
"""urlcert adapter `python-urllib`: Python's urllib.parse, protocol v1 (see ADAPTERS.md).

Parse: `urllib.parse.urlparse` (model `urlparse`: scheme, netloc, path, params, query,
fragment, plus the `username`, `password`, `hostname` and `port` attributes; a port that
is not a number in 0..65535 makes `.port` raise ValueError, answered as `rejected`).
Resolve: `urllib.parse.urljoin(base, reference)`.

Profile `python-urllib@urlsplit` (argument `--urlsplit`): `urllib.parse.urlsplit`, which
does not split `;params` off the last path segment, so there is no `params` component.

urllib accepts almost anything: it splits, it does not validate. See README.md here.
"""

import platform
import sys
import urllib.parse
import warnings

import _protocol

NAME = "python-urllib"


def main(argv):
    split = False
    for arg in argv:
        if arg == "--urlsplit":
            split = True
        else:
            sys.stderr.write("%s: unknown argument %r (known: --urlsplit)\n" % (NAME, arg))
            return 2
    warnings.simplefilter("ignore")
    name = NAME + ("@urlsplit" if split else "")

    def hello():
        return _protocol.parser_hello(name, "Python %s" % platform.python_version(), "urlparse")

    def parse(text):
        result = urllib.parse.urlsplit(text) if split else urllib.parse.urlparse(text)
        components = {
            "scheme": result.scheme,
            "netloc": result.netloc,
            "path": result.path,
        }
        if not split:
            components["params"] = result.params
        components["query"] = result.query
        components["fragment"] = result.fragment
        components["username"] = result.username
        components["password"] = result.password
        components["hostname"] = result.hostname
        port = result.port  # raises ValueError for a bad port: the parser's rejection
        components["port"] = None if port is None else str(port)
        return components

    def resolve(base, reference):
        return urllib.parse.urljoin(base, reference)

    return _protocol.serve(hello, parse, resolve)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""urlcert adapter `python-yarl`: the `yarl` package, protocol v1 (see ADAPTERS.md).

Parse: `yarl.URL(input)` (the default, `encoded=False`: yarl percent-encodes what needs
it, as its documentation says). yarl's API is urllib's split (`URL.raw_authority` is
`urlsplit`'s netloc; `query_string` and `fragment` are "" when absent), so the model is
`urlparse` without `params`: scheme, netloc (`raw_authority`), path (`raw_path`), query
(`raw_query_string`), fragment (`raw_fragment`), username (`raw_user`), password
(`raw_password`), hostname (`raw_host`), port (`explicit_port`: the port written in the
URL, not the scheme's default that `URL.port` fills in). The raw_* forms are the
encoded text, not yarl's decoded views. yarl raises ValueError for a port out of range
or an unclosed IPv6 literal: `rejected`.
Resolve: `URL(base).join(URL(reference))` (yarl documents it as RFC 3986's
resolution, `urllib.parse.urljoin`'s successor).

When the package is missing, this program writes why to standard error and exits 3.
"""

import sys

import _protocol

NAME = "python-yarl"
yarl = _protocol.import_or_exit(NAME, "yarl", "pip install yarl", "yarl")


def parse(text):
    url = yarl.URL(text)
    port = url.explicit_port
    return {
        "scheme": url.scheme,
        "netloc": url.raw_authority,
        "path": url.raw_path,
        "query": url.raw_query_string,
        "fragment": url.raw_fragment,
        "username": url.raw_user,
        "password": url.raw_password,
        "hostname": url.raw_host,
        "port": None if port is None else str(port),
    }


def resolve(base, reference):
    return str(yarl.URL(base).join(yarl.URL(reference)))


def version():
    return "yarl %s" % yarl.__version__


if __name__ == "__main__":
    sys.exit(_protocol.serve_without_profiles(NAME, sys.argv[1:], version, "urlparse", parse, resolve))

#!/usr/bin/env python3
"""urlcert adapter `python-hyperlink`: the `hyperlink` package, protocol v1 (see
ADAPTERS.md).

Parse: `hyperlink.URL.from_text(input)`; `URLParseError` (and any other exception) is
`rejected`. hyperlink keeps a URL as parts: `scheme`, `userinfo`, `host`, `port`, a
tuple of path segments with `rooted`, query pairs and `fragment`, with "" for what is
absent, so the model is `urlparse` (whose absent and empty are one): scheme, netloc
(`URL.authority(with_password=True)`, which leaves out the scheme's default port),
path, query and fragment as `URL.to_text()` writes them (its own encoding helpers,
minimal encoding), hostname (`host`, IPv6 without brackets as hyperlink keeps it) and
username (`user`). There is no `port`: `URL.port` is the scheme's default port when the
URL gives none, so it cannot say what the URL wrote; the netloc carries it.
Resolve: `URL.from_text(base).click(reference).to_text(with_password=True)`
(hyperlink documents `click` as RFC 3986 Section 5's resolution).

When the package is missing, this program writes why to standard error and exits 3.
"""

import sys

import _protocol

NAME = "python-hyperlink"
INSTALL = "pip install hyperlink"
hyperlink = _protocol.import_or_exit(NAME, "hyperlink", INSTALL, "hyperlink")
hyperlink_url = _protocol.import_or_exit(NAME, "hyperlink", INSTALL, "hyperlink._url")
metadata = _protocol.import_or_exit(NAME, "hyperlink", INSTALL, "importlib.metadata")


def version():
    # hyperlink has no __version__; its installed distribution says which it is.
    try:
        return "hyperlink %s" % metadata.version("hyperlink")
    except Exception:
        return "hyperlink unknown"


def parse(text):
    url = hyperlink.URL.from_text(text)
    authority = url.authority(with_password=True)
    # As URL.to_text() writes the path and the query (hyperlink/_url.py).
    path = "/".join(
        hyperlink_url._encode_path_parts(
            url.path,
            rooted=url.rooted,
            has_scheme=bool(url.scheme),
            has_authority=bool(authority),
            maximal=False,
        )
    )
    query = []
    for k, v in url.query:
        key = hyperlink_url._encode_query_key(k, maximal=False)
        if v is None:
            query.append(key)
        else:
            query.append(key + "=" + hyperlink_url._encode_query_value(v, maximal=False))
    return {
        "scheme": url.scheme,
        "netloc": authority,
        "path": path,
        "query": "&".join(query),
        "fragment": url.fragment,
        "username": url.user,
        "hostname": url.host,
    }


def resolve(base, reference):
    return hyperlink.URL.from_text(base).click(reference).to_text(with_password=True)


if __name__ == "__main__":
    sys.exit(_protocol.serve_without_profiles(NAME, sys.argv[1:], version, "urlparse", parse, resolve))

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

NAME = "python-hyperlink"
INSTALL = "pip install hyperlink"

try:
    import hyperlink
    from hyperlink import _url as hyperlink_url
    from importlib import metadata
except Exception as exc:  # ImportError, or a broken installation
    sys.stderr.write(
        "%s: unavailable: the Python package hyperlink cannot be imported (%s: %s); "
        "install it with: %s\n" % (NAME, type(exc).__name__, exc, INSTALL)
    )
    sys.exit(3)

import _protocol


def version():
    # hyperlink has no __version__; its installed distribution says which it is.
    try:
        return metadata.version("hyperlink")
    except Exception:
        return "unknown"


def main(argv):
    if argv:
        sys.stderr.write("%s: unknown argument %r (it takes none)\n" % (NAME, argv[0]))
        return 2

    def hello():
        return {
            "name": NAME,
            "version": "hyperlink %s" % version(),
            "model": "urlparse",
            "operations": ["parse", "resolve"],
        }

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

    return _protocol.serve(hello, parse, resolve)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

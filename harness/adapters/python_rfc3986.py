#!/usr/bin/env python3
"""urlcert adapter `python-rfc3986`: the `rfc3986` package, protocol v1 (see ADAPTERS.md).

Parse: `rfc3986.uri_reference(input)`; `rejected` when `.is_valid()` is false (the
package's own check of each component against RFC 3986's ABNF) or when the authority
cannot be split. Model `rfc3986`: scheme, userinfo, host, port, path, query, fragment,
`null` where the package says None.
Resolve: `uri_reference(reference).resolve_with(base)` (RFC 3986 Section 5.2, the
package's default non-strict mode); `rejected` when the reference is not valid or the
base is not an absolute URI (the package raises ResolutionError).

Profiles:
- `python-rfc3986@require-scheme` (`--require-scheme`): `.is_valid(require_scheme=True)`,
  so a relative reference is rejected.
- `python-rfc3986@strict` (`--strict`): `resolve_with(base, strict=True)`, RFC 3986's
  strict resolver (a reference with the base's scheme keeps it, Section 5.2.2).

When the package is missing, this program writes why to standard error and exits 3
before reading any request: the registry checks `python3 -c "import rfc3986"` first.
"""

import sys
import warnings

import _protocol

NAME = "python-rfc3986"
INSTALL = "pip install rfc3986"
rfc3986 = _protocol.import_or_exit(NAME, "rfc3986", INSTALL, "rfc3986")
rfc3986_exceptions = _protocol.import_or_exit(NAME, "rfc3986", INSTALL, "rfc3986.exceptions")


def main(argv):
    require_scheme = False
    strict = False
    for arg in argv:
        if arg == "--require-scheme":
            require_scheme = True
        elif arg == "--strict":
            strict = True
        else:
            sys.stderr.write(
                "%s: unknown argument %r (known: --require-scheme, --strict)\n"
                % (NAME, arg)
            )
            return 2
    # `is_valid` is deprecated in favour of Validator and warns on every call; the
    # warnings are not answers, and standard error is bounded by the harness.
    warnings.simplefilter("ignore")
    name = NAME
    if require_scheme:
        name += "@require-scheme"
    if strict:
        name += "@strict"

    def hello():
        version = "rfc3986 %s" % getattr(rfc3986, "__version__", "unknown")
        return _protocol.parser_hello(name, version, "rfc3986")

    def why_invalid(ref):
        """Names the components the package finds invalid."""
        checks = [
            ("scheme", ref.scheme_is_valid(require_scheme)),
            ("authority", ref.authority_is_valid()),
            ("path", ref.path_is_valid()),
            ("query", ref.query_is_valid()),
            ("fragment", ref.fragment_is_valid()),
        ]
        bad = [name for name, ok in checks if not ok]
        if require_scheme and ref.scheme is None:
            return "is_valid(require_scheme=True) is false: the scheme is missing"
        return "is_valid() is false: invalid %s" % ", ".join(bad or ["reference"])

    def valid(ref):
        return ref.is_valid(require_scheme=require_scheme)

    def parse(text):
        ref = rfc3986.uri_reference(text)
        if not valid(ref):
            raise _protocol.Reject("rfc3986: " + why_invalid(ref))
        info = ref.authority_info()  # raises InvalidAuthority
        return {
            "scheme": ref.scheme,
            "userinfo": info.get("userinfo"),
            "host": info.get("host"),
            "port": info.get("port"),
            "path": ref.path,
            "query": ref.query,
            "fragment": ref.fragment,
        }

    def resolve(base, reference):
        ref = rfc3986.uri_reference(reference)
        if not ref.is_valid():
            raise _protocol.Reject("rfc3986: the reference: " + why_invalid(ref))
        try:
            target = ref.resolve_with(base, strict=strict)
        except rfc3986_exceptions.ResolutionError as exc:
            raise _protocol.Reject(
                "rfc3986 ResolutionError: the base %r is not an absolute URI" % base[:200]
            ) from exc
        return target.unsplit()

    return _protocol.serve(hello, parse, resolve)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

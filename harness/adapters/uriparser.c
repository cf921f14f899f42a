/* urlcert adapter `uriparser`: the C library uriparser (RFC 3986), protocol v1 (see
 * ADAPTERS.md at the repository root).
 *
 * Build: cc -O2 -o OUT uriparser.c -luriparser   (Debian: apt-get install liburiparser-dev)
 *
 * Parse: uriParseSingleUriExA over the input's bytes (so a NUL is seen, not a string's
 * end). Model `rfc3986`: scheme, userinfo, host, port, path, query, fragment. A part is
 * absent (null) when uriparser's text range has first == NULL, and empty ("") when
 * first == afterLast. The host of an IP literal gets its brackets back (uriparser's
 * hostText leaves them out; RFC 3986's host includes them). The path is rebuilt from
 * uriparser's segment list: "/" before the first segment when the path is absolute or
 * follows an authority, then the segments joined by "/".
 *
 * Resolve: parse both, uriAddBaseUriExA, uriToStringA. Default is uriparser's strict
 * RFC 3986 resolution (URI_RESOLVE_STRICTLY).
 *
 * Profile `uriparser@identical-scheme-compat` (argument `--identical-scheme-compat`):
 * URI_RESOLVE_IDENTICAL_SCHEME_COMPAT, the backward-compatible reading of RFC 3986
 * Section 5.2.2 where a reference with the base's scheme is treated as schemeless.
 */
/* getline(3) and ssize_t are POSIX.1-2008. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uriparser/Uri.h>

#include "json.h"

static const char *NAME = "uriparser";
static char name_buf[64];
static UriResolutionOptions resolve_options = URI_RESOLVE_STRICTLY;

static const char *error_name(int rc) {
    switch (rc) {
    case URI_ERROR_SYNTAX: return "URI_ERROR_SYNTAX";
    case URI_ERROR_NULL: return "URI_ERROR_NULL";
    case URI_ERROR_MALLOC: return "URI_ERROR_MALLOC";
    case URI_ERROR_OUTPUT_TOO_LARGE: return "URI_ERROR_OUTPUT_TOO_LARGE";
    case URI_ERROR_NOT_IMPLEMENTED: return "URI_ERROR_NOT_IMPLEMENTED";
    case URI_ERROR_RANGE_INVALID: return "URI_ERROR_RANGE_INVALID";
    case URI_ERROR_ADDBASE_REL_BASE: return "URI_ERROR_ADDBASE_REL_BASE (the base is not absolute)";
    default: return "an uriparser error";
    }
}

static void hello(jbuf *out) {
    ans_hello(out, name_buf, "uriparser " URI_VER_ANSI, "rfc3986");
}

static void range_part(jbuf *out, int *first, const char *name, UriTextRangeA r) {
    if (!r.first) part(out, first, name, NULL, 0);
    else part(out, first, name, r.first, (size_t)(r.afterLast - r.first));
}

/* Parses s[0..n) into *uri; on failure writes the rejection and returns 0. uriparser
 * frees the members itself when parsing fails. */
static int parse_into(UriUriA *uri, const jstr *s, const char *what, jbuf *out) {
    const char *error_pos = NULL;
    memset(uri, 0, sizeof *uri);
    int rc = uriParseSingleUriExA(uri, s->data, s->data + s->len, &error_pos);
    if (rc != URI_SUCCESS) {
        if (rc == URI_ERROR_SYNTAX && error_pos && error_pos >= s->data &&
            error_pos <= s->data + s->len)
            ans_rejected(out, "uriparser: %s%s at offset %ld", what, error_name(rc),
                         (long)(error_pos - s->data));
        else
            ans_rejected(out, "uriparser: %s%s", what, error_name(rc));
        return 0;
    }
    return 1;
}

static void parse(const jstr *input, jbuf *out) {
    UriUriA uri;
    if (!parse_into(&uri, input, "", out)) return;
    int first = 1;
    parts_begin(out);
    range_part(out, &first, "scheme", uri.scheme);
    range_part(out, &first, "userinfo", uri.userInfo);
    if (!uri.hostText.first) {
        part(out, &first, "host", NULL, 0);
    } else {
        size_t len = (size_t)(uri.hostText.afterLast - uri.hostText.first);
        if (uri.hostData.ip6 || uri.hostData.ipFuture.first) {
            jbuf host = {0};
            jb_raw(&host, "[");
            jb_bytes(&host, uri.hostText.first, len);
            jb_raw(&host, "]");
            part(out, &first, "host", host.data, host.len);
            jb_free(&host);
        } else {
            part(out, &first, "host", uri.hostText.first, len);
        }
    }
    range_part(out, &first, "port", uri.portText);
    jbuf path = {0};
    jb_reserve(&path, 0);
    if (uri.absolutePath || (uri.hostText.first && uri.pathHead)) jb_raw(&path, "/");
    for (const UriPathSegmentA *seg = uri.pathHead; seg; seg = seg->next) {
        if (seg != uri.pathHead) jb_raw(&path, "/");
        if (seg->text.first)
            jb_bytes(&path, seg->text.first, (size_t)(seg->text.afterLast - seg->text.first));
    }
    part(out, &first, "path", path.data, path.len);
    jb_free(&path);
    range_part(out, &first, "query", uri.query);
    range_part(out, &first, "fragment", uri.fragment);
    parts_end(out);
    uriFreeUriMembersA(&uri);
}

static void resolve(const jstr *base_text, const jstr *ref_text, jbuf *out) {
    UriUriA base, ref, result;
    if (!parse_into(&base, base_text, "the base: ", out)) return;
    if (!parse_into(&ref, ref_text, "the reference: ", out)) {
        uriFreeUriMembersA(&base);
        return;
    }
    memset(&result, 0, sizeof result);
    int rc = uriAddBaseUriExA(&result, &ref, &base, resolve_options);
    if (rc != URI_SUCCESS) {
        ans_rejected(out, "uriparser: uriAddBaseUriExA: %s", error_name(rc));
    } else {
        int chars = 0;
        rc = uriToStringCharsRequiredA(&result, &chars);
        char *text = NULL;
        if (rc == URI_SUCCESS) {
            text = malloc((size_t)chars + 1);
            if (!text) rc = URI_ERROR_MALLOC;
            else rc = uriToStringA(text, &result, chars + 1, NULL);
        }
        if (rc == URI_SUCCESS) ans_resolved(out, text, strlen(text));
        else ans_rejected(out, "uriparser: uriToStringA: %s", error_name(rc));
        free(text);
        uriFreeUriMembersA(&result);
    }
    uriFreeUriMembersA(&ref);
    uriFreeUriMembersA(&base);
}

int main(int argc, char **argv) {
    snprintf(name_buf, sizeof name_buf, "%s", NAME);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--identical-scheme-compat") == 0) {
            resolve_options = URI_RESOLVE_IDENTICAL_SCHEME_COMPAT;
            snprintf(name_buf, sizeof name_buf, "%s@identical-scheme-compat", NAME);
        } else {
            fprintf(stderr, "%s: unknown argument \"%s\" (known: --identical-scheme-compat)\n",
                    NAME, argv[i]);
            return 2;
        }
    }
    adapter_ops ops = {hello, parse, resolve};
    return serve_ops(ops);
}

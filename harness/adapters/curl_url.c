/* urlcert adapter `curl`: libcurl's URL API, protocol v1 (see ADAPTERS.md at the
 * repository root).
 *
 * Build: cc -O2 -o OUT curl_url.c -lcurl   (Debian: apt-get install libcurl4-openssl-dev)
 *
 * Parse: curl_url_set(h, CURLUPART_URL, input, FLAGS), then curl_url_get for each part.
 * Model `curl`: scheme, user, password, host, port, path, query, fragment, as
 * curl_url_get returns them without flags (no decoding, no default port); a part whose
 * get answers CURLUE_NO_* is absent (null). A refused URL is `rejected` with
 * curl_url_strerror's text and the CURLUcode.
 * Resolve: set CURLUPART_URL to the base, then to the reference (libcurl resolves a
 * relative URL against the one the handle holds), then get CURLUPART_URL.
 * libcurl takes NUL-terminated strings: an input holding NUL is `unsupported`.
 *
 * Profiles (FLAGS, for both set calls): default 0; `curl@non-support-scheme`
 * (`--non-support-scheme`: CURLU_NON_SUPPORT_SCHEME, any scheme is allowed);
 * `curl@allow-space` (`--allow-space`: CURLU_ALLOW_SPACE, libcurl 7.78.0 and later);
 * `curl@guess-scheme` (`--guess-scheme`: CURLU_GUESS_SCHEME, a URL without a scheme
 * gets one guessed from the host name). A profile whose flag this libcurl lacks makes
 * the program write why to standard error and exit 3 before reading any request.
 */
/* getline(3) and ssize_t are POSIX.1-2008. */
#define _POSIX_C_SOURCE 200809L

#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

static const char *NAME = "curl";
static char name_buf[64];
static char version_buf[128];
static unsigned int url_flags = 0;

static void describe(char *buf, size_t size, CURLUcode rc) {
#if LIBCURL_VERSION_NUM >= 0x075000
    snprintf(buf, size, "%s (CURLUcode %d)", curl_url_strerror(rc), (int)rc);
#else
    snprintf(buf, size, "CURLUcode %d", (int)rc);
#endif
}

static void hello(jbuf *out) { ans_hello(out, name_buf, version_buf, "curl"); }

/* 1 when s holds a NUL (libcurl would see a shorter string); writes the answer. */
static int has_nul(const jstr *s, const char *what, jbuf *out) {
    if (memchr(s->data, '\0', s->len) == NULL) return 0;
    char why[200];
    snprintf(why, sizeof why,
             "libcurl's URL API takes NUL-terminated strings: %s contains a NUL byte", what);
    ans_unsupported(out, why);
    return 1;
}

static void get_part(CURLU *h, jbuf *out, int *first, const char *name, CURLUPart which) {
    char *value = NULL;
    CURLUcode rc = curl_url_get(h, which, &value, 0);
    if (rc == CURLUE_OK && value) part(out, first, name, value, strlen(value));
    else part(out, first, name, NULL, 0); /* CURLUE_NO_SCHEME, CURLUE_NO_HOST, ... */
    curl_free(value);
}

static void parse(const jstr *input, jbuf *out) {
    if (has_nul(input, "the input", out)) return;
    CURLU *h = curl_url();
    if (!h) {
        ans_unsupported(out, "curl_url() returned NULL (out of memory)");
        return;
    }
    CURLUcode rc = curl_url_set(h, CURLUPART_URL, input->data, url_flags);
    if (rc != CURLUE_OK) {
        char why[300];
        describe(why, sizeof why, rc);
        ans_rejected(out, "libcurl: %s", why);
    } else {
        int first = 1;
        parts_begin(out);
        get_part(h, out, &first, "scheme", CURLUPART_SCHEME);
        get_part(h, out, &first, "user", CURLUPART_USER);
        get_part(h, out, &first, "password", CURLUPART_PASSWORD);
        get_part(h, out, &first, "host", CURLUPART_HOST);
        get_part(h, out, &first, "port", CURLUPART_PORT);
        get_part(h, out, &first, "path", CURLUPART_PATH);
        get_part(h, out, &first, "query", CURLUPART_QUERY);
        get_part(h, out, &first, "fragment", CURLUPART_FRAGMENT);
        parts_end(out);
    }
    curl_url_cleanup(h);
}

static void resolve(const jstr *base, const jstr *reference, jbuf *out) {
    if (has_nul(base, "the base", out) || has_nul(reference, "the reference", out)) return;
    CURLU *h = curl_url();
    if (!h) {
        ans_unsupported(out, "curl_url() returned NULL (out of memory)");
        return;
    }
    char why[300];
    CURLUcode rc = curl_url_set(h, CURLUPART_URL, base->data, url_flags);
    if (rc != CURLUE_OK) {
        describe(why, sizeof why, rc);
        ans_rejected(out, "libcurl: the base: %s", why);
    } else if ((rc = curl_url_set(h, CURLUPART_URL, reference->data, url_flags)) != CURLUE_OK) {
        describe(why, sizeof why, rc);
        ans_rejected(out, "libcurl: the reference: %s", why);
    } else {
        char *url = NULL;
        rc = curl_url_get(h, CURLUPART_URL, &url, 0);
        if (rc == CURLUE_OK && url) {
            ans_resolved(out, url, strlen(url));
        } else {
            describe(why, sizeof why, rc);
            ans_rejected(out, "libcurl: curl_url_get(CURLUPART_URL): %s", why);
        }
        curl_free(url);
    }
    curl_url_cleanup(h);
}

int main(int argc, char **argv) {
    const char *profile = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--non-support-scheme") == 0) {
            url_flags |= CURLU_NON_SUPPORT_SCHEME;
            profile = "non-support-scheme";
        } else if (strcmp(argv[i], "--allow-space") == 0) {
#ifdef CURLU_ALLOW_SPACE
            url_flags |= CURLU_ALLOW_SPACE;
            profile = "allow-space";
#else
            fprintf(stderr,
                    "%s: unavailable: this libcurl (%s) has no CURLU_ALLOW_SPACE "
                    "(libcurl 7.78.0 or later); install a newer one with: "
                    "apt-get install libcurl4-openssl-dev\n",
                    NAME, LIBCURL_VERSION);
            return 3;
#endif
        } else if (strcmp(argv[i], "--guess-scheme") == 0) {
            url_flags |= CURLU_GUESS_SCHEME;
            profile = "guess-scheme";
        } else {
            fprintf(stderr,
                    "%s: unknown argument \"%s\" (known: --non-support-scheme, "
                    "--allow-space, --guess-scheme)\n",
                    NAME, argv[i]);
            return 2;
        }
    }
    if (argc > 2) {
        fprintf(stderr, "%s: give at most one profile argument\n", NAME);
        return 2;
    }
    if (profile) snprintf(name_buf, sizeof name_buf, "%s@%s", NAME, profile);
    else snprintf(name_buf, sizeof name_buf, "%s", NAME);
    const curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
    snprintf(version_buf, sizeof version_buf, "libcurl %s",
             info && info->version ? info->version : LIBCURL_VERSION);
    adapter_ops ops = {hello, parse, resolve};
    return serve_ops(ops);
}

/* json.h: just enough JSON for urlcert's adapter protocol v1 (see ADAPTERS.md), shared
 * by uriparser.c and curl_url.c. Header-only (every function is static) so each adapter
 * compiles as one file: `cc -O2 -o OUT uriparser.c -luriparser`.
 *
 * Reading: one request line, a JSON object; the fields `id` (a number or a string),
 * `op`, `input`, `base` and `reference` (strings) are kept, anything else is checked
 * and skipped. Strings are decoded with every escape, `\u0000` included, so a string
 * carries its length.
 * Writing: strings are escaped (quote, backslash, every control character, DEL), and
 * bytes that are not UTF-8 become U+FFFD, so an answer is always one valid line.
 *
 * `serve(handler)` answers every line of standard input until EOF, flushing after each
 * answer; a line that is not UTF-8 or not a request object gets `unsupported`, so the
 * program never dies on a request.
 */
#ifndef URLCERT_ADAPTER_JSON_H
#define URLCERT_ADAPTER_JSON_H

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a growable byte buffer ---------------------------------------------------- */

typedef struct {
    char *data;
    size_t len;
    size_t cap;
} jbuf;

/* Room for `more` bytes and a NUL after them. The buffer is NUL-terminated on return:
 * a string decoded into a buffer nothing is appended to (the empty string, an empty key)
 * is then the C string "", never unset bytes that strcmp or libcurl would read. */
static void jb_reserve(jbuf *b, size_t more) {
    if (b->len + more + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + more + 1) cap *= 2;
        char *data = realloc(b->data, cap);
        if (!data) {
            fputs("adapter: out of memory\n", stderr);
            exit(70);
        }
        b->data = data;
        b->cap = cap;
    }
    b->data[b->len] = '\0';
}

static void jb_bytes(jbuf *b, const char *s, size_t n) {
    jb_reserve(b, n);
    if (n) memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

static void jb_raw(jbuf *b, const char *s) { jb_bytes(b, s, strlen(s)); }

static void jb_free(jbuf *b) {
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

/* The length of the valid UTF-8 sequence at s[0..n), or 0 when it is not one. */
static size_t utf8_seq(const unsigned char *s, size_t n) {
    unsigned char c = s[0];
    size_t need;
    unsigned int cp;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) {
        need = 2;
        cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 3;
        cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (n < need) return 0;
    for (size_t i = 1; i < need; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if (need == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) return 0;
    if (need == 4 && (cp < 0x10000 || cp > 0x10FFFF)) return 0;
    return need;
}

static int utf8_valid(const char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        size_t k = utf8_seq((const unsigned char *)s + i, n - i);
        if (!k) return 0;
        i += k;
    }
    return 1;
}

/* A JSON string literal holding s[0..n). */
static void jb_str(jbuf *b, const char *s, size_t n) {
    static const char hex[] = "0123456789abcdef";
    jb_bytes(b, "\"", 1);
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"') {
            jb_bytes(b, "\\\"", 2);
        } else if (c == '\\') {
            jb_bytes(b, "\\\\", 2);
        } else if (c == '\n') {
            jb_bytes(b, "\\n", 2);
        } else if (c == '\r') {
            jb_bytes(b, "\\r", 2);
        } else if (c == '\t') {
            jb_bytes(b, "\\t", 2);
        } else if (c < 0x20 || c == 0x7F) {
            char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            jb_bytes(b, esc, 6);
        } else if (c < 0x80) {
            jb_bytes(b, (const char *)&s[i], 1);
        } else {
            size_t k = utf8_seq((const unsigned char *)s + i, n - i);
            if (k) {
                jb_bytes(b, s + i, k);
                i += k;
                continue;
            }
            jb_raw(b, "\\ufffd");
        }
        i++;
    }
    jb_bytes(b, "\"", 1);
}

static void jb_cstr(jbuf *b, const char *s) { jb_str(b, s, strlen(s)); }

/* ---- reading one request ------------------------------------------------------- */

typedef struct {
    char *data; /* NUL-terminated as well, but may hold NULs: use len */
    size_t len;
    int present;
} jstr;

typedef struct {
    char id[80]; /* the id as JSON text to echo ("null" when absent or unusable) */
    jstr op, input, base, reference;
} request;

static const char LONE_SURROGATE[] = "a lone surrogate (not UTF-8)";

typedef struct {
    const char *s;
    size_t n;
    size_t i;
    const char *error;
} jreader;

static void jr_ws(jreader *r) {
    while (r->i < r->n &&
           (r->s[r->i] == ' ' || r->s[r->i] == '\t' || r->s[r->i] == '\r' || r->s[r->i] == '\n'))
        r->i++;
}

static int jr_fail(jreader *r, const char *why) {
    if (!r->error) r->error = why;
    return 0;
}

static int jr_hex4(jreader *r, unsigned int *out) {
    if (r->n - r->i < 4) return jr_fail(r, "a \\u escape needs four hex digits");
    unsigned int v = 0;
    for (int k = 0; k < 4; k++) {
        char c = r->s[r->i++];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (unsigned int)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (unsigned int)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (unsigned int)(c - 'A' + 10);
        else return jr_fail(r, "a \\u escape needs four hex digits");
    }
    *out = v;
    return 1;
}

static void jb_utf8(jbuf *b, unsigned int cp) {
    char u[4];
    size_t k;
    if (cp < 0x80) {
        u[0] = (char)cp;
        k = 1;
    } else if (cp < 0x800) {
        u[0] = (char)(0xC0 | (cp >> 6));
        u[1] = (char)(0x80 | (cp & 0x3F));
        k = 2;
    } else if (cp < 0x10000) {
        u[0] = (char)(0xE0 | (cp >> 12));
        u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[2] = (char)(0x80 | (cp & 0x3F));
        k = 3;
    } else {
        u[0] = (char)(0xF0 | (cp >> 18));
        u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[3] = (char)(0x80 | (cp & 0x3F));
        k = 4;
    }
    jb_bytes(b, u, k);
}

/* A string literal at r->i; decoded into out when out is not NULL. */
static int jr_string(jreader *r, jbuf *out) {
    if (r->i >= r->n || r->s[r->i] != '"') return jr_fail(r, "expected a string");
    r->i++;
    for (;;) {
        if (r->i >= r->n) return jr_fail(r, "unterminated string");
        unsigned char c = (unsigned char)r->s[r->i];
        if (c == '"') {
            r->i++;
            return 1;
        }
        if (c < 0x20) return jr_fail(r, "a raw control character in a string");
        if (c != '\\') {
            size_t start = r->i;
            while (r->i < r->n && r->s[r->i] != '"' && r->s[r->i] != '\\' &&
                   (unsigned char)r->s[r->i] >= 0x20)
                r->i++;
            if (out) jb_bytes(out, r->s + start, r->i - start);
            continue;
        }
        r->i++;
        if (r->i >= r->n) return jr_fail(r, "unterminated escape");
        char e = r->s[r->i++];
        char one = 0;
        switch (e) {
        case '"': one = '"'; break;
        case '\\': one = '\\'; break;
        case '/': one = '/'; break;
        case 'b': one = '\b'; break;
        case 'f': one = '\f'; break;
        case 'n': one = '\n'; break;
        case 'r': one = '\r'; break;
        case 't': one = '\t'; break;
        case 'u': {
            unsigned int cp;
            if (!jr_hex4(r, &cp)) return 0;
            if (cp >= 0xDC00 && cp <= 0xDFFF) return jr_fail(r, LONE_SURROGATE);
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                unsigned int lo;
                if (r->n - r->i < 6 || r->s[r->i] != '\\' || r->s[r->i + 1] != 'u')
                    return jr_fail(r, LONE_SURROGATE);
                r->i += 2;
                if (!jr_hex4(r, &lo)) return 0;
                if (lo < 0xDC00 || lo > 0xDFFF) return jr_fail(r, LONE_SURROGATE);
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            }
            if (out) jb_utf8(out, cp);
            continue;
        }
        default:
            return jr_fail(r, "an unknown escape in a string");
        }
        if (out) jb_bytes(out, &one, 1);
    }
}

static int jr_number(jreader *r) {
    size_t start = r->i;
    if (r->i < r->n && r->s[r->i] == '-') r->i++;
    size_t digits = r->i;
    while (r->i < r->n && r->s[r->i] >= '0' && r->s[r->i] <= '9') r->i++;
    if (r->i == digits) return jr_fail(r, "a malformed number");
    if (r->i < r->n && r->s[r->i] == '.') {
        r->i++;
        size_t frac = r->i;
        while (r->i < r->n && r->s[r->i] >= '0' && r->s[r->i] <= '9') r->i++;
        if (r->i == frac) return jr_fail(r, "a malformed number");
    }
    if (r->i < r->n && (r->s[r->i] == 'e' || r->s[r->i] == 'E')) {
        r->i++;
        if (r->i < r->n && (r->s[r->i] == '+' || r->s[r->i] == '-')) r->i++;
        size_t exp = r->i;
        while (r->i < r->n && r->s[r->i] >= '0' && r->s[r->i] <= '9') r->i++;
        if (r->i == exp) return jr_fail(r, "a malformed number");
    }
    (void)start;
    return 1;
}

static int jr_literal(jreader *r, const char *word) {
    size_t k = strlen(word);
    if (r->n - r->i < k || memcmp(r->s + r->i, word, k) != 0) return jr_fail(r, "an unknown value");
    r->i += k;
    return 1;
}

/* Any value, checked and skipped. */
static int jr_skip(jreader *r, int depth) {
    if (depth > 64) return jr_fail(r, "nested too deeply");
    jr_ws(r);
    if (r->i >= r->n) return jr_fail(r, "expected a value");
    char c = r->s[r->i];
    if (c == '"') return jr_string(r, NULL);
    if (c == '-' || (c >= '0' && c <= '9')) return jr_number(r);
    if (c == 't') return jr_literal(r, "true");
    if (c == 'f') return jr_literal(r, "false");
    if (c == 'n') return jr_literal(r, "null");
    if (c == '[' || c == '{') {
        char close = c == '[' ? ']' : '}';
        r->i++;
        jr_ws(r);
        if (r->i < r->n && r->s[r->i] == close) {
            r->i++;
            return 1;
        }
        for (;;) {
            if (c == '{') {
                jr_ws(r);
                if (!jr_string(r, NULL)) return 0;
                jr_ws(r);
                if (r->i >= r->n || r->s[r->i] != ':') return jr_fail(r, "expected ':'");
                r->i++;
            }
            if (!jr_skip(r, depth + 1)) return 0;
            jr_ws(r);
            if (r->i < r->n && r->s[r->i] == ',') {
                r->i++;
                continue;
            }
            if (r->i < r->n && r->s[r->i] == close) {
                r->i++;
                return 1;
            }
            return jr_fail(r, "expected ',' or the end of a container");
        }
    }
    return jr_fail(r, "an unknown value");
}

static void jstr_free(jstr *s) {
    free(s->data);
    s->data = NULL;
    s->len = 0;
    s->present = 0;
}

static void request_free(request *q) {
    jstr_free(&q->op);
    jstr_free(&q->input);
    jstr_free(&q->base);
    jstr_free(&q->reference);
}

/* A string value into *dst (replacing an earlier one); 0 when it is not a string. */
static int jr_field_string(jreader *r, jstr *dst, int *is_string) {
    jr_ws(r);
    if (r->i < r->n && r->s[r->i] == '"') {
        jbuf b = {0};
        jb_reserve(&b, 0);
        if (!jr_string(r, &b)) {
            jb_free(&b);
            return 0;
        }
        jstr_free(dst);
        dst->data = b.data;
        dst->len = b.len;
        dst->present = 1;
        *is_string = 1;
        return 1;
    }
    *is_string = 0;
    jstr_free(dst);
    return jr_skip(r, 1);
}

/* Parses one request line. Returns 1, or 0 with *why set; the id is read whenever it
 * can be, so even a bad request is answered under its id. */
static int request_parse(const char *line, size_t n, request *q, const char **why) {
    memset(q, 0, sizeof *q);
    strcpy(q->id, "null");
    jreader r = {line, n, 0, NULL};
    jr_ws(&r);
    if (r.i >= r.n || r.s[r.i] != '{') {
        *why = "the request is not a JSON object";
        return 0;
    }
    r.i++;
    jr_ws(&r);
    if (r.i < r.n && r.s[r.i] == '}') {
        r.i++;
    } else {
        for (;;) {
            jr_ws(&r);
            jbuf key = {0};
            jb_reserve(&key, 0);
            if (!jr_string(&r, &key)) {
                jb_free(&key);
                break;
            }
            jr_ws(&r);
            if (r.i >= r.n || r.s[r.i] != ':') {
                jb_free(&key);
                jr_fail(&r, "expected ':'");
                break;
            }
            r.i++;
            jr_ws(&r);
            int ok = 1, is_string = 0;
            jstr *slot = NULL;
            if (strcmp(key.data, "op") == 0 && key.len == 2) slot = &q->op;
            else if (strcmp(key.data, "input") == 0 && key.len == 5) slot = &q->input;
            else if (strcmp(key.data, "base") == 0 && key.len == 4) slot = &q->base;
            else if (strcmp(key.data, "reference") == 0 && key.len == 9) slot = &q->reference;
            if (slot) {
                ok = jr_field_string(&r, slot, &is_string);
            } else if (strcmp(key.data, "id") == 0 && key.len == 2) {
                size_t start = r.i;
                char c = r.i < r.n ? r.s[r.i] : 0;
                ok = jr_skip(&r, 1);
                size_t len = r.i - start;
                int usable = (c == '-' || (c >= '0' && c <= '9') || c == '"') &&
                             len < sizeof q->id && utf8_valid(r.s + start, len);
                if (ok && usable) {
                    memcpy(q->id, r.s + start, len);
                    q->id[len] = '\0';
                } else {
                    strcpy(q->id, "null");
                }
            } else {
                ok = jr_skip(&r, 1);
            }
            jb_free(&key);
            if (!ok) break;
            jr_ws(&r);
            if (r.i < r.n && r.s[r.i] == ',') {
                r.i++;
                continue;
            }
            if (r.i < r.n && r.s[r.i] == '}') {
                r.i++;
                break;
            }
            jr_fail(&r, "expected ',' or '}'");
            break;
        }
    }
    if (!r.error) {
        jr_ws(&r);
        if (r.i != r.n) jr_fail(&r, "text after the request object");
    }
    if (r.error) {
        *why = r.error;
        /* A line that is not JSON is answered under a null id, as the Python and Node
         * adapters do; a lone surrogate is JSON, so that request keeps its id. */
        if (strcmp(r.error, LONE_SURROGATE) != 0) strcpy(q->id, "null");
        return 0;
    }
    return 1;
}

static int jstr_is(const jstr *s, const char *word) {
    return s->present && s->len == strlen(word) && memcmp(s->data, word, s->len) == 0;
}

/* ---- answers ------------------------------------------------------------------- */

#define MAX_MESSAGE 2000

static void ans_unsupported(jbuf *out, const char *why) {
    jb_raw(out, "\"unsupported\":{\"why\":");
    jb_str(out, why, strlen(why) > MAX_MESSAGE ? MAX_MESSAGE : strlen(why));
    jb_raw(out, "}");
}

static void ans_rejected(jbuf *out, const char *fmt, ...) {
    char message[MAX_MESSAGE + 1];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    jb_raw(out, "\"rejected\":{\"message\":");
    jb_cstr(out, message);
    jb_raw(out, "}");
}

static void ans_resolved(jbuf *out, const char *result, size_t len) {
    jb_raw(out, "\"resolved\":{\"result\":");
    jb_str(out, result, len);
    jb_raw(out, "}");
}

static void ans_hello(jbuf *out, const char *name, const char *version, const char *model) {
    jb_raw(out, "\"hello\":{\"name\":");
    jb_cstr(out, name);
    jb_raw(out, ",\"version\":");
    jb_cstr(out, version);
    jb_raw(out, ",\"model\":");
    jb_cstr(out, model);
    jb_raw(out, ",\"operations\":[\"parse\",\"resolve\"]}");
}

/* `"parsed":{"components":{` ... `}}`: call parts_begin, then part for each, then
 * parts_end. A NULL value is JSON null (absent). */
static void parts_begin(jbuf *out) { jb_raw(out, "\"parsed\":{\"components\":{"); }

static void part(jbuf *out, int *first, const char *name, const char *value, size_t len) {
    if (!*first) jb_raw(out, ",");
    *first = 0;
    jb_cstr(out, name);
    jb_raw(out, ":");
    if (value) jb_str(out, value, len);
    else jb_raw(out, "null");
}

static void parts_end(jbuf *out) { jb_raw(out, "}}"); }

/* ---- the loop ------------------------------------------------------------------ */

/* Writes the answer's body (everything after `"id":ID,`) for a well-formed request. */
typedef void (*handler_fn)(const request *q, jbuf *out);

static int emit(jbuf *line) {
    jb_bytes(line, "\n", 1);
    if (fwrite(line->data, 1, line->len, stdout) != line->len || fflush(stdout) != 0) return 0;
    return 1;
}

static int serve(handler_fn handler) {
    /* A harness that went away makes writes fail: end quietly instead of by SIGPIPE. */
    signal(SIGPIPE, SIG_IGN);
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    while ((got = getline(&line, &cap, stdin)) >= 0) {
        size_t n = (size_t)got;
        if (n && line[n - 1] == '\n') n--;
        if (n && line[n - 1] == '\r') n--;
        jbuf out = {0};
        request q;
        const char *why = NULL;
        if (!utf8_valid(line, n)) {
            jb_raw(&out, "{\"id\":null,");
            ans_unsupported(&out, "the request line is not UTF-8");
        } else if (!request_parse(line, n, &q, &why)) {
            jb_raw(&out, "{\"id\":");
            jb_raw(&out, q.id);
            jb_raw(&out, ",");
            char text[300];
            snprintf(text, sizeof text, "the request line is not a protocol request: %s", why);
            ans_unsupported(&out, text);
            request_free(&q);
        } else {
            jb_raw(&out, "{\"id\":");
            jb_raw(&out, q.id);
            jb_raw(&out, ",");
            handler(&q, &out);
            request_free(&q);
        }
        jb_raw(&out, "}");
        int ok = emit(&out);
        jb_free(&out);
        if (!ok) break;
    }
    free(line);
    return 0;
}

/* The common dispatch: hello, parse and resolve with their fields checked. */
typedef struct {
    void (*hello)(jbuf *out);
    void (*parse)(const jstr *input, jbuf *out);
    void (*resolve)(const jstr *base, const jstr *reference, jbuf *out);
} adapter_ops;

static adapter_ops the_ops;

static void dispatch(const request *q, jbuf *out) {
    if (jstr_is(&q->op, "hello")) {
        the_ops.hello(out);
    } else if (jstr_is(&q->op, "parse")) {
        if (!q->input.present) ans_unsupported(out, "a parse request needs a string field \"input\"");
        else the_ops.parse(&q->input, out);
    } else if (jstr_is(&q->op, "resolve")) {
        if (!q->base.present || !q->reference.present)
            ans_unsupported(out, "a resolve request needs string fields \"base\" and \"reference\"");
        else the_ops.resolve(&q->base, &q->reference, out);
    } else {
        ans_unsupported(out, q->op.present ? "unknown op" : "the request has no string field \"op\"");
    }
}

static int serve_ops(adapter_ops ops) {
    the_ops = ops;
    return serve(dispatch);
}

#endif

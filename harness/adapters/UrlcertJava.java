/*
 * urlcert adapters `java-uri` and `java-url`: the JDK's java.net.URI (RFC 2396 with
 * RFC 2732's IPv6 literals) and java.net.URL, protocol v1 (see ADAPTERS.md at the
 * repository root). One JVM answers line after line; no libraries beyond the JDK.
 *
 *   java -cp DIR UrlcertJava          java-uri: new URI(s), base.resolve(ref)
 *   java -cp DIR UrlcertJava --url    java-url: new URL(s), new URL(base, spec)
 *
 * Model `rfc3986`, from the getters, as they return them:
 * - URI: getScheme, getRawAuthority (as the optional part `authority`), getRawUserInfo,
 *   getHost, getPort (-1 is absent), getRawPath, getRawQuery, getRawFragment. The
 *   authority is given whole because Java's may have no host: a registry-based
 *   authority (RFC 2396 Section 3.2, one that does not parse as a server, such as
 *   "a_b" or "reg;name") is not a host, so `host`, `userinfo` and `port` are null and
 *   only `authority` holds it. An opaque URI ("mailto:a@b") has no path, so `path` is
 *   its getRawSchemeSpecificPart.
 * - URL: getProtocol, getUserInfo, getHost, getPort (-1 is absent), getPath,
 *   getQuery, getRef.
 * A URISyntaxException or MalformedURLException (or any other exception the parser
 * throws) is `rejected` with its message. Resolve answers toString().
 *
 * Compiled on first use by urlcert (javac into its adapters folder). It never dies on
 * a request: a line that is not UTF-8 or not a request object gets `unsupported`.
 */
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

public final class UrlcertJava {
    private static final int MAX_MESSAGE = 2000;

    private static boolean url = false;

    public static void main(String[] args) throws IOException {
        for (String arg : args) {
            if (arg.equals("--url")) {
                url = true;
            } else {
                System.err.println("java-uri: unknown argument " + quote(arg) + " (known: --url)");
                System.exit(2);
            }
        }
        InputStream in = System.in;
        OutputStream out = System.out;
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        byte[] buf = new byte[65536];
        int n;
        while ((n = in.read(buf)) > 0) {
            int start = 0;
            for (int i = 0; i < n; i++) {
                if (buf[i] == '\n') {
                    line.write(buf, start, i - start);
                    answerLine(line.toByteArray(), out);
                    line.reset();
                    start = i + 1;
                }
            }
            line.write(buf, start, n - start);
        }
        if (line.size() > 0) {
            answerLine(line.toByteArray(), out);
        }
        out.flush();
    }

    private static void answerLine(byte[] bytes, OutputStream out) throws IOException {
        String answer;
        try {
            answer = answer(bytes);
        } catch (Throwable t) {
            // StackOverflowError on deep nesting, OutOfMemoryError: still an answer.
            answer = "{\"id\":null,\"unsupported\":{\"why\":"
                    + quote("the adapter could not read the request: " + t) + "}}";
        }
        out.write((answer + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static String answer(byte[] bytes) {
        int end = bytes.length;
        if (end > 0 && bytes[end - 1] == '\r') {
            end--;
        }
        if (end == 0) {
            return unsupported("null", "an empty line is not a request");
        }
        String text;
        try {
            CharsetDecoder dec = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            text = dec.decode(ByteBuffer.wrap(bytes, 0, end)).toString();
        } catch (CharacterCodingException e) {
            return unsupported("null", "the request line is not UTF-8");
        }
        Map<String, Object> request;
        try {
            request = new Reader(text).object();
        } catch (IllegalArgumentException e) {
            return unsupported("null", "not a request object: " + e.getMessage());
        }
        Object idValue = request.get("id");
        String id = idValue instanceof Number || idValue instanceof String
                ? Reader.idText(idValue) : "null";
        Object op = request.get("op");
        if ("hello".equals(op)) {
            String name = url ? "java-url" : "java-uri";
            String what = url ? "java.net.URL" : "java.net.URI";
            return "{\"id\":" + id + ",\"hello\":{\"name\":" + quote(name)
                    + ",\"version\":" + quote(what + " (Java " + System.getProperty("java.version")
                    + ", " + System.getProperty("java.vendor") + ")")
                    + ",\"model\":\"rfc3986\",\"operations\":[\"parse\",\"resolve\"]}}";
        }
        if ("parse".equals(op)) {
            Object input = request.get("input");
            if (!(input instanceof String)) {
                return unsupported(id, "a parse request needs a string field \"input\"");
            }
            if (loneSurrogate((String) input)) {
                return unsupported(id, "the request holds a lone surrogate (not UTF-8)");
            }
            try {
                Map<String, String> parts = url ? urlParts((String) input) : uriParts((String) input);
                StringBuilder sb = new StringBuilder("{\"id\":" + id + ",\"parsed\":{\"components\":{");
                boolean first = true;
                for (Map.Entry<String, String> e : parts.entrySet()) {
                    if (!first) {
                        sb.append(',');
                    }
                    first = false;
                    sb.append(quote(e.getKey())).append(':');
                    sb.append(e.getValue() == null ? "null" : quote(e.getValue()));
                }
                return sb.append("}}}").toString();
            } catch (Exception e) {
                return rejected(id, e);
            }
        }
        if ("resolve".equals(op)) {
            Object base = request.get("base");
            Object reference = request.get("reference");
            if (!(base instanceof String) || !(reference instanceof String)) {
                return unsupported(id, "a resolve request needs string fields \"base\" and \"reference\"");
            }
            if (loneSurrogate((String) base) || loneSurrogate((String) reference)) {
                return unsupported(id, "the request holds a lone surrogate (not UTF-8)");
            }
            try {
                String result = url
                        ? new URL(new URL((String) base), (String) reference).toString()
                        : new URI((String) base).resolve(new URI((String) reference)).toString();
                return "{\"id\":" + id + ",\"resolved\":{\"result\":" + quote(result) + "}}";
            } catch (Exception e) {
                return rejected(id, e);
            }
        }
        return unsupported(id, "unknown op " + (op instanceof String ? quote((String) op) : String.valueOf(op)));
    }

    private static Map<String, String> uriParts(String s) throws Exception {
        URI u = new URI(s);
        Map<String, String> parts = new LinkedHashMap<>();
        parts.put("scheme", u.getScheme());
        // Server-based or registry-based: for a registry-based one getHost is null, and
        // the authority is there only whole.
        parts.put("authority", u.getRawAuthority());
        parts.put("userinfo", u.getRawUserInfo());
        parts.put("host", u.getHost());
        parts.put("port", u.getPort() == -1 ? null : Integer.toString(u.getPort()));
        parts.put("path", u.isOpaque() ? u.getRawSchemeSpecificPart() : u.getRawPath());
        parts.put("query", u.getRawQuery());
        parts.put("fragment", u.getRawFragment());
        return parts;
    }

    @SuppressWarnings("deprecation") // new URL(String): deprecated only from Java 20
    private static Map<String, String> urlParts(String s) throws Exception {
        URL u = new URL(s);
        Map<String, String> parts = new LinkedHashMap<>();
        parts.put("scheme", u.getProtocol());
        parts.put("userinfo", u.getUserInfo());
        parts.put("host", u.getHost());
        parts.put("port", u.getPort() == -1 ? null : Integer.toString(u.getPort()));
        parts.put("path", u.getPath());
        parts.put("query", u.getQuery());
        parts.put("fragment", u.getRef());
        return parts;
    }

    private static String cut(String s) {
        return s.length() > MAX_MESSAGE ? s.substring(0, MAX_MESSAGE) + "..." : s;
    }

    private static String rejected(String id, Exception e) {
        return "{\"id\":" + id + ",\"rejected\":{\"message\":"
                + quote(cut(e.getClass().getName() + ": " + e.getMessage())) + "}}";
    }

    private static String unsupported(String id, String why) {
        return "{\"id\":" + id + ",\"unsupported\":{\"why\":" + quote(cut(why)) + "}}";
    }

    private static boolean loneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else {
                    return true;
                }
            } else if (Character.isLowSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    /** A JSON string literal: quote, backslash, controls and DEL escaped; a lone surrogate becomes U+FFFD. */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': sb.append("\\\""); break;
                case '\\': sb.append("\\\\"); break;
                case '\n': sb.append("\\n"); break;
                case '\r': sb.append("\\r"); break;
                case '\t': sb.append("\\t"); break;
                default:
                    if (c < 0x20 || c == 0x7F) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else if (Character.isHighSurrogate(c) && i + 1 < s.length()
                            && Character.isLowSurrogate(s.charAt(i + 1))) {
                        sb.append(c).append(s.charAt(++i));
                    } else if (Character.isSurrogate(c)) {
                        sb.append("\\ufffd");
                    } else {
                        sb.append(c);
                    }
            }
        }
        return sb.append('"').toString();
    }

    /** Just enough JSON to read protocol v1's flat request objects; nested values are checked and skipped. */
    static final class Reader {
        private final String s;
        private int i = 0;

        Reader(String s) {
            this.s = s;
        }

        static String idText(Object id) {
            return id instanceof String ? quote((String) id) : id.toString();
        }

        Map<String, Object> object() {
            ws();
            Object v = value(0);
            ws();
            if (i != s.length()) {
                throw new IllegalArgumentException("text after the object at " + i);
            }
            if (!(v instanceof Map)) {
                throw new IllegalArgumentException("not an object");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> m = (Map<String, Object>) v;
            return m;
        }

        private void ws() {
            while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
        }

        private char peek() {
            if (i >= s.length()) {
                throw new IllegalArgumentException("unexpected end");
            }
            return s.charAt(i);
        }

        private void expect(char c) {
            if (peek() != c) {
                throw new IllegalArgumentException("expected " + c + " at " + i);
            }
            i++;
        }

        /** A value; objects below the top level and arrays are skipped (null). */
        private Object value(int depth) {
            if (depth > 64) {
                throw new IllegalArgumentException("nested too deeply");
            }
            ws();
            char c = peek();
            if (c == '{') {
                i++;
                Map<String, Object> m = new LinkedHashMap<>();
                ws();
                if (peek() == '}') {
                    i++;
                    return m;
                }
                while (true) {
                    ws();
                    String key = string();
                    ws();
                    expect(':');
                    Object v = value(depth + 1);
                    m.put(key, v);
                    ws();
                    if (peek() == ',') {
                        i++;
                        continue;
                    }
                    expect('}');
                    return depth == 0 ? m : null;
                }
            }
            if (c == '[') {
                i++;
                ws();
                if (peek() == ']') {
                    i++;
                    return null;
                }
                while (true) {
                    value(depth + 1);
                    ws();
                    if (peek() == ',') {
                        i++;
                        continue;
                    }
                    expect(']');
                    return null;
                }
            }
            if (c == '"') {
                return string();
            }
            if (s.startsWith("true", i)) {
                i += 4;
                return Boolean.TRUE;
            }
            if (s.startsWith("false", i)) {
                i += 5;
                return Boolean.FALSE;
            }
            if (s.startsWith("null", i)) {
                i += 4;
                return null;
            }
            int start = i;
            if (peek() == '-') {
                i++;
            }
            while (i < s.length() && "0123456789.eE+-".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
            String num = s.substring(start, i);
            if (num.isEmpty() || num.equals("-")) {
                throw new IllegalArgumentException("unexpected " + c + " at " + start);
            }
            try {
                return new java.math.BigDecimal(num);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("a bad number at " + start);
            }
        }

        private String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            while (true) {
                char c = peek();
                i++;
                if (c == '"') {
                    return sb.toString();
                }
                if (c < 0x20) {
                    throw new IllegalArgumentException("a control character in a string");
                }
                if (c != '\\') {
                    sb.append(c);
                    continue;
                }
                char e = peek();
                i++;
                switch (e) {
                    case '"': sb.append('"'); break;
                    case '\\': sb.append('\\'); break;
                    case '/': sb.append('/'); break;
                    case 'b': sb.append('\b'); break;
                    case 'f': sb.append('\f'); break;
                    case 'n': sb.append('\n'); break;
                    case 'r': sb.append('\r'); break;
                    case 't': sb.append('\t'); break;
                    case 'u':
                        if (i + 4 > s.length()) {
                            throw new IllegalArgumentException("a short \\u escape");
                        }
                        try {
                            sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        } catch (NumberFormatException x) {
                            throw new IllegalArgumentException("a bad \\u escape");
                        }
                        i += 4;
                        break;
                    default:
                        throw new IllegalArgumentException("a bad escape \\" + e);
                }
            }
        }
    }
}

// urlcert adapter `go-net-url`: Go's net/url, protocol v1 (see ADAPTERS.md at the
// repository root). Standard library only; urlcert builds it on first use with
// `go build`.
//
// Parse: url.Parse(input). Model `rfc3986`, from the URL struct as net/url fills it:
// scheme = Scheme (null when empty); userinfo = User.String() (null when User is nil);
// when there is an authority, host = Host without the port Port() finds (an IP
// literal keeps its brackets) and port = Port() ("h:" gives an
// empty port, no port gives null); path = EscapedPath(), or Opaque for an opaque URL
// ("mailto:a@b"); query = RawQuery, null unless non-empty or ForceQuery (a "?" with
// nothing after it); fragment = EscapedFragment(), null when there was no "#".
// net/url keeps no flag for an empty authority ("file:///x"), so an authority is
// recognised by Host or User being set, or by "//" right after the scheme.
// Resolve: base.ResolveReference(ref).String() (RFC 3986 Section 5.2).
// An error from url.Parse is `rejected` with its message.
//
// It answers every line of standard input until EOF and never dies on a request: a
// line that is not UTF-8 or not a request object gets `unsupported`.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"runtime"
	"strings"
	"unicode/utf8"
)

const name = "go-net-url"
const maxMessage = 2000

type request struct {
	ID        json.RawMessage `json:"id"`
	Op        *string         `json:"op"`
	Input     *string         `json:"input"`
	Base      *string         `json:"base"`
	Reference *string         `json:"reference"`
}

func cut(s string) string {
	if len(s) > maxMessage {
		return s[:maxMessage] + "..."
	}
	return s
}

func strOrNil(ok bool, s string) interface{} {
	if !ok {
		return nil
	}
	return s
}

func components(input string, u *url.URL) map[string]interface{} {
	c := map[string]interface{}{}
	c["scheme"] = strOrNil(u.Scheme != "", u.Scheme)
	if u.User != nil {
		c["userinfo"] = u.User.String()
	} else {
		c["userinfo"] = nil
	}
	// An authority: net/url keeps its host in Host; "//" with an empty host leaves
	// Host empty, so look at the input for the "//" that starts an authority.
	rest := input
	if u.Scheme != "" {
		rest = input[len(u.Scheme)+1:]
	}
	authority := u.Host != "" || u.User != nil || (u.Opaque == "" && strings.HasPrefix(rest, "//"))
	if authority {
		// Host is "host:port" with an IP literal's brackets; Port() splits the port
		// off (Hostname() would drop the brackets too). Port() is "" both for no port
		// and for "h:"; the Host field tells them apart.
		port := u.Port()
		hasPort := port != "" || strings.HasSuffix(u.Host, ":")
		host := u.Host
		if hasPort {
			host = strings.TrimSuffix(host, ":"+port)
		}
		c["host"] = host
		c["port"] = strOrNil(hasPort, port)
	} else {
		c["host"] = nil
		c["port"] = nil
	}
	if u.Opaque != "" {
		c["path"] = u.Opaque
	} else {
		c["path"] = u.EscapedPath()
	}
	c["query"] = strOrNil(u.RawQuery != "" || u.ForceQuery, u.RawQuery)
	c["fragment"] = strOrNil(u.Fragment != "" || u.RawFragment != "" || strings.Contains(input, "#"), u.EscapedFragment())
	return c
}

func answer(req *request) map[string]interface{} {
	unsupported := func(why string) map[string]interface{} {
		return map[string]interface{}{"unsupported": map[string]string{"why": cut(why)}}
	}
	rejected := func(err error) map[string]interface{} {
		return map[string]interface{}{"rejected": map[string]string{"message": cut(err.Error())}}
	}
	if req.Op == nil {
		return unsupported("a request needs a string field \"op\"")
	}
	switch *req.Op {
	case "hello":
		return map[string]interface{}{"hello": map[string]interface{}{
			"name":       name,
			"version":    "net/url (" + runtime.Version() + ")",
			"model":      "rfc3986",
			"operations": []string{"parse", "resolve"},
		}}
	case "parse":
		if req.Input == nil {
			return unsupported("a parse request needs a string field \"input\"")
		}
		if !utf8.ValidString(*req.Input) {
			return unsupported("the request holds a lone surrogate (not UTF-8)")
		}
		u, err := url.Parse(*req.Input)
		if err != nil {
			return rejected(err)
		}
		return map[string]interface{}{"parsed": map[string]interface{}{"components": components(*req.Input, u)}}
	case "resolve":
		if req.Base == nil || req.Reference == nil {
			return unsupported("a resolve request needs string fields \"base\" and \"reference\"")
		}
		if !utf8.ValidString(*req.Base) || !utf8.ValidString(*req.Reference) {
			return unsupported("the request holds a lone surrogate (not UTF-8)")
		}
		base, err := url.Parse(*req.Base)
		if err != nil {
			return rejected(err)
		}
		ref, err := url.Parse(*req.Reference)
		if err != nil {
			return rejected(err)
		}
		return map[string]interface{}{"resolved": map[string]string{"result": base.ResolveReference(ref).String()}}
	}
	return unsupported(fmt.Sprintf("unknown op %q", *req.Op))
}

func main() {
	for _, arg := range os.Args[1:] {
		fmt.Fprintf(os.Stderr, "%s: unknown argument %q (this adapter has no profiles)\n", name, arg)
		os.Exit(2)
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriter(os.Stdout)
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 {
			reply(line, out)
		}
		if err != nil {
			break
		}
	}
	out.Flush()
}

func reply(line []byte, out *bufio.Writer) {
	var id json.RawMessage = json.RawMessage("null")
	var body map[string]interface{}
	func() {
		defer func() {
			if r := recover(); r != nil {
				body = map[string]interface{}{"unsupported": map[string]string{"why": cut(fmt.Sprint("the adapter failed: ", r))}}
			}
		}()
		text := strings.TrimRight(string(line), "\r\n")
		if !utf8.ValidString(text) {
			body = map[string]interface{}{"unsupported": map[string]string{"why": "the request line is not UTF-8"}}
			return
		}
		var req request
		dec := json.NewDecoder(strings.NewReader(text))
		if err := dec.Decode(&req); err != nil {
			body = map[string]interface{}{"unsupported": map[string]string{"why": cut("not a request object: " + err.Error())}}
			return
		}
		if dec.More() {
			body = map[string]interface{}{"unsupported": map[string]string{"why": "text after the request object"}}
			return
		}
		var probe interface{}
		if len(req.ID) > 0 && json.Unmarshal(req.ID, &probe) == nil {
			switch probe.(type) {
			case float64, string:
				id = req.ID
			}
		}
		body = answer(&req)
	}()
	body["id"] = id
	data, err := json.Marshal(body)
	if err != nil {
		data = []byte(`{"id":null,"unsupported":{"why":"the answer could not be written"}}`)
	}
	out.Write(data)
	out.WriteByte('\n')
	out.Flush()
}

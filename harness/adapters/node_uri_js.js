#!/usr/bin/env node
// urlcert adapter `node-uri-js`: the npm package uri-js (RFC 3986, garycourt/uri-js),
// protocol v1 (see ADAPTERS.md at the repository root).
//
// Parse: `URI.parse(input)`; model `rfc3986`: scheme, userinfo, host, port, path, query,
// fragment as the returned components object has them, `null` where it leaves a
// component out (uri-js keeps "?" with nothing after it as an empty query, apart from
// no query). Two mappings onto the model, nothing else:
// - uri-js gives the port as a number: it is written as its decimal string;
// - uri-js gives an IP literal's host without its brackets ("2001:db8::7"): the model's
//   host is the IP-literal of RFC 3986 Section 3.2.2, so a host holding ":" gets its
//   brackets back.
// uri-js does not throw on a malformed reference: it sets `components.error`. Such a
// parse is `rejected` with that message.
// Resolve: `URI.resolve(base, reference)`, RFC 3986 Section 5.2 with the package's
// default options (strict: "http:g" against an http base stays "http:g"; the package's
// `tolerant` option is not used). What it throws is `rejected`; an `error` it finds
// while parsing either string is not reported by resolve.
// Version: the `version` of the package's package.json.
'use strict';

require('./_uri_js_api').serveUriJsApi('node-uri-js', 'uri-js');

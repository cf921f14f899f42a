// The urlcert adapter protocol v1, for the Node adapters in this folder (the Node twin
// of _protocol.py; see ADAPTERS.md at the repository root for the protocol).
//
// `serve(hello, parse, resolve)` answers every line of standard input until EOF, one
// JSON object per line. It never dies on a request: a line that is not UTF-8 or not a
// protocol request gets an `unsupported` answer, and whatever the parser throws becomes
// `rejected` with its message (`Reject` rejects with exactly its message).
//
// `load(pkg)` requires an npm package from the install command's node_modules
// (`$URLCERT_DEPS/node_modules`, else `.deps/node_modules` in the repository) or from
// Node's own paths; when it cannot, it writes why to standard error and exits 3 before
// any request is read. `packageVersion(pkg)` is the `version` of that package's own
// package.json. `servePackage(name, pkg, model, make)` is all of that for an adapter
// without profiles.
'use strict';

const fs = require('fs');
const path = require('path');

const MAX_MESSAGE = 2000;

/** Thrown by an adapter to reject with exactly this message (no error name). */
class Reject extends Error {}

function cut(text) {
  text = String(text);
  return text.length > MAX_MESSAGE ? text.slice(0, MAX_MESSAGE) + '...' : text;
}

function unsupported(why) {
  return { unsupported: { why: cut(why) } };
}

function rejected(err) {
  if (err instanceof Reject) {
    return { rejected: { message: cut(err.message) } };
  }
  if (err === null || typeof err !== 'object') {
    return { rejected: { message: cut(String(err)) } };
  }
  const code = err.code ? ` [${err.code}]` : '';
  const name = err.name ? err.name : 'Error';
  const message = err.message !== undefined ? err.message : String(err);
  return { rejected: { message: cut(`${name}${code}: ${message}`) } };
}

/** Where the install command puts npm packages. */
function depsDir() {
  const env = process.env.URLCERT_DEPS;
  if (env) {
    return env;
  }
  return path.join(__dirname, '..', '..', '.deps');
}

function resolvePackage(pkg) {
  const deps = depsDir();
  return require.resolve(pkg, { paths: [path.join(deps, 'node_modules'), deps, ...module.paths] });
}

/** The package `pkg`, or exit 3 with the reason and the install command. */
function load(pkg, adapterName) {
  try {
    return require(resolvePackage(pkg));
  } catch (err) {
    process.stderr.write(
      `${adapterName}: unavailable: the npm package ${pkg} cannot be loaded ` +
        `(${err && err.message ? String(err.message).split('\n')[0] : err}); install it with: ` +
        `npm install --prefix "$URLCERT_DEPS" ${pkg} (or bash harness/adapters/install node)\n`
    );
    process.exit(3);
  }
}

/** The `version` in the package.json of the package `pkg` (found from its entry point). */
function packageVersion(pkg) {
  let dir = path.dirname(resolvePackage(pkg));
  for (;;) {
    const file = path.join(dir, 'package.json');
    try {
      const meta = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (meta && meta.name === pkg && typeof meta.version === 'string') {
        return meta.version;
      }
    } catch (err) {
      // No package.json here (or not this package's): look further up.
    }
    const parent = path.dirname(dir);
    if (parent === dir) {
      return 'unknown';
    }
    dir = parent;
  }
}

/** The `hello` answer of an adapter that parses and resolves. */
function parserHello(name, version, model) {
  return { name, version, model, operations: ['parse', 'resolve'] };
}

/**
 * The whole life of an adapter for the npm package `pkg` without profiles: any argument
 * refused, the package loaded (or exit 3), then `serve` with the `parse` and `resolve`
 * that `make(package)` returns and a hello naming the package's version.
 */
function servePackage(name, pkg, model, make) {
  noArguments(name);
  const loaded = load(pkg, name);
  const version = `${pkg} ${packageVersion(pkg)}`;
  const { parse, resolve } = make(loaded);
  serve(() => parserHello(name, version, model), parse, resolve);
}

/** No arguments: an adapter without profiles refuses any argument. */
function noArguments(name) {
  for (const arg of process.argv.slice(2)) {
    process.stderr.write(`${name}: unknown argument ${JSON.stringify(arg)} (this adapter has no profiles)\n`);
    process.exit(2);
  }
}

// A surrogate code unit that is not half of a pair: the string is not UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function loneSurrogate(...values) {
  return values.some((v) => typeof v === 'string' && LONE_SURROGATE.test(v));
}

// The URL API's getters (URL Standard, "API"), which are model `whatwg`'s components.
const WHATWG_GETTERS = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash'];

/** A URL object's components in model `whatwg`: each getter, exactly as it returns. */
function whatwgComponents(url) {
  return Object.fromEntries(WHATWG_GETTERS.map((name) => [name, url[name]]));
}

/** Component values as the protocol wants them: strings or null. */
function cleanComponents(parts) {
  const out = {};
  for (const [key, value] of Object.entries(parts)) {
    if (value === null || value === undefined) {
      out[key] = null;
    } else {
      out[key] = String(value);
    }
  }
  return out;
}

function answer(request, hello, parse, resolve) {
  if (loneSurrogate(request.input, request.base, request.reference)) {
    // Not UTF-8: the harness never sends it.
    return unsupported('the request holds a lone surrogate (not UTF-8)');
  }
  switch (request.op) {
    case 'hello':
      return { hello: hello() };
    case 'parse': {
      if (typeof request.input !== 'string') {
        return unsupported('a parse request needs a string field "input"');
      }
      if (!parse) {
        return unsupported('this adapter does not parse');
      }
      try {
        return { parsed: { components: cleanComponents(parse(request.input)) } };
      } catch (err) {
        return rejected(err);
      }
    }
    case 'resolve': {
      if (typeof request.base !== 'string' || typeof request.reference !== 'string') {
        return unsupported('a resolve request needs string fields "base" and "reference"');
      }
      if (!resolve) {
        return unsupported('this adapter does not resolve');
      }
      try {
        const result = resolve(request.base, request.reference);
        if (typeof result !== 'string') {
          return rejected(new Reject(`the parser gave no URL string (${typeof result})`));
        }
        return { resolved: { result } };
      } catch (err) {
        return rejected(err);
      }
    }
    default:
      return unsupported(`unknown op ${cut(JSON.stringify(request.op))}`);
  }
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function handle(bytes, hello, parse, resolve) {
  let line;
  try {
    line = decoder.decode(bytes);
  } catch (err) {
    return { id: null, ...unsupported('the request line is not UTF-8') };
  }
  let request;
  try {
    request = JSON.parse(line);
  } catch (err) {
    return { id: null, ...unsupported(`the request line is not JSON: ${err.message}`) };
  }
  if (request === null || typeof request !== 'object' || Array.isArray(request)) {
    return { id: null, ...unsupported('the request is not a JSON object') };
  }
  const id =
    (typeof request.id === 'number' && Number.isFinite(request.id)) || typeof request.id === 'string'
      ? request.id
      : null;
  let body;
  try {
    body = answer(request, hello, parse, resolve);
  } catch (err) {
    body = unsupported(`adapter error: ${err && err.message}`);
  }
  return { id, ...body };
}

// Lone surrogates out of an answer: JSON readers such as serde_json refuse them.
const SURROGATE_GLOBAL = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function write(reply) {
  let text;
  try {
    text = JSON.stringify(reply, (key, value) =>
      typeof value === 'string' ? value.replace(SURROGATE_GLOBAL, '\ufffd') : value
    );
  } catch (err) {
    text = JSON.stringify({ id: reply.id, ...unsupported(`unencodable answer: ${err.message}`) });
  }
  // Writes to a pipe are synchronous on Linux, so each answer is out before the next
  // request is read.
  process.stdout.write(text + '\n');
}

/** Answers each line of standard input until EOF. */
function serve(hello, parse, resolve) {
  // A closed stdout means the harness went away: exit quietly.
  process.stdout.on('error', () => process.exit(0));
  let pending = [];
  const one = (bytes) => {
    if (bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) {
      bytes = bytes.subarray(0, bytes.length - 1);
    }
    write(handle(bytes, hello, parse, resolve));
  };
  process.stdin.on('data', (chunk) => {
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      if (chunk[i] === 0x0a) {
        pending.push(chunk.subarray(start, i));
        const bytes = Buffer.concat(pending);
        pending = [];
        one(bytes);
        start = i + 1;
      }
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
    }
  });
  process.stdin.on('end', () => {
    // A last line without its newline is still a request.
    if (pending.length > 0) {
      const bytes = Buffer.concat(pending);
      pending = [];
      if (bytes.length > 0) {
        one(bytes);
      }
    }
  });
}

/**
 * A host as RFC 3986's `host` (Section 3.2.2): several of these libraries give an IP
 * literal without its brackets ("2001:db8::7"); a reg-name or IPv4 address cannot hold
 * a ":", so a host with one was written in brackets and gets them back. null stays null.
 */
function ipLiteral(host) {
  if (typeof host === 'string' && host.includes(':') && !host.startsWith('[')) {
    return `[${host}]`;
  }
  return host;
}

module.exports = {
  whatwgComponents,
  ipLiteral,
  Reject,
  serve,
  servePackage,
  parserHello,
  load,
  packageVersion,
  noArguments,
  depsDir,
  cut,
};

#!/usr/bin/env node
// urlcert adapter `node-url`: Node's built-in WHATWG URL class, protocol v1 (see
// ADAPTERS.md at the repository root).
//
// Parse: `new URL(input)`; model `whatwg`: protocol, username, password, hostname, port,
// pathname, search, hash, exactly as the getters return them ("" where a part is
// absent). A TypeError (ERR_INVALID_URL) is `rejected` with its message.
// Resolve: `new URL(reference, base).href`.
//
// It answers every line of standard input until EOF and never dies on a request: a
// line that is not UTF-8 or not a protocol request gets an `unsupported` answer.
'use strict';

const NAME = 'node-url';
const MAX_MESSAGE = 2000;

for (const arg of process.argv.slice(2)) {
  process.stderr.write(`${NAME}: unknown argument ${JSON.stringify(arg)} (this adapter has no profiles)\n`);
  process.exit(2);
}

function cut(text) {
  text = String(text);
  return text.length > MAX_MESSAGE ? text.slice(0, MAX_MESSAGE) + '...' : text;
}

function unsupported(why) {
  return { unsupported: { why: cut(why) } };
}

function rejected(err) {
  const code = err && err.code ? ` [${err.code}]` : '';
  const name = err && err.name ? err.name : 'Error';
  const message = err && err.message !== undefined ? err.message : String(err);
  return { rejected: { message: cut(`${name}${code}: ${message}`) } };
}

function hello() {
  return {
    name: NAME,
    version: `Node.js ${process.version}`,
    model: 'whatwg',
    operations: ['parse', 'resolve'],
  };
}

function components(url) {
  return {
    protocol: url.protocol,
    username: url.username,
    password: url.password,
    hostname: url.hostname,
    port: url.port,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
  };
}

// A surrogate code unit that is not half of a pair: the string is not UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function loneSurrogate(...values) {
  return values.some((v) => typeof v === 'string' && LONE_SURROGATE.test(v));
}

function answer(request) {
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
      let url;
      try {
        url = new URL(request.input);
      } catch (err) {
        return rejected(err);
      }
      return { parsed: { components: components(url) } };
    }
    case 'resolve': {
      if (typeof request.base !== 'string' || typeof request.reference !== 'string') {
        return unsupported('a resolve request needs string fields "base" and "reference"');
      }
      try {
        return { resolved: { result: new URL(request.reference, request.base).href } };
      } catch (err) {
        return rejected(err);
      }
    }
    default:
      return unsupported(`unknown op ${cut(JSON.stringify(request.op))}`);
  }
}

const decoder = new TextDecoder('utf-8', { fatal: true });

function handle(bytes) {
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
  const id = typeof request.id === 'number' || typeof request.id === 'string' ? request.id : null;
  let body;
  try {
    body = answer(request);
  } catch (err) {
    body = unsupported(`adapter error: ${err && err.message}`);
  }
  return { id, ...body };
}

function write(reply) {
  let text;
  try {
    // JSON.stringify escapes control characters, quotes and lone surrogates.
    text = JSON.stringify(reply);
  } catch (err) {
    text = JSON.stringify({ id: reply.id, ...unsupported(`unencodable answer: ${err.message}`) });
  }
  // Writes to a pipe are synchronous on Linux, so each answer is out before the next
  // request is read.
  process.stdout.write(text + '\n');
}

// A closed stdout means the harness went away: exit quietly.
process.stdout.on('error', () => process.exit(0));

let pending = [];
process.stdin.on('data', (chunk) => {
  let start = 0;
  for (let i = 0; i < chunk.length; i++) {
    if (chunk[i] === 0x0a) {
      pending.push(chunk.subarray(start, i));
      let bytes = Buffer.concat(pending);
      pending = [];
      if (bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) {
        bytes = bytes.subarray(0, bytes.length - 1);
      }
      write(handle(bytes));
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
      write(handle(bytes));
    }
  }
});

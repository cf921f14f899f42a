<?php
// urlcert adapter `php-parse-url`: PHP's parse_url(), protocol v1 (see ADAPTERS.md at
// the repository root). Parse only: PHP has no reference resolution.
//
// Parse: parse_url($input). Model `curl`, whose names are parse_url's keys (scheme,
// user, pass as `password`, host, port, path, query, fragment): a part parse_url
// leaves out of its array is null; the port, an integer there, is written as a
// string. parse_url returning false ("seriously malformed URLs", PHP manual) is
// `rejected`.
//
// It answers every line of standard input until EOF and never dies on a request: a
// line that is not UTF-8 or not a request object gets `unsupported`.

const NAME = 'php-parse-url';
const MAX_MESSAGE = 2000;

foreach (array_slice($argv, 1) as $arg) {
    fwrite(STDERR, NAME . ": unknown argument '$arg' (this adapter has no profiles)\n");
    exit(2);
}

function cut($s) {
    $s = (string) $s;
    return strlen($s) > MAX_MESSAGE ? substr($s, 0, MAX_MESSAGE) . '...' : $s;
}

function unsupported($why) {
    return ['unsupported' => ['why' => cut($why)]];
}

function answer($request) {
    $op = $request['op'] ?? null;
    if ($op === 'hello') {
        return ['hello' => [
            'name' => NAME,
            'version' => 'PHP ' . PHP_VERSION,
            'model' => 'curl',
            'operations' => ['parse'],
        ]];
    }
    if ($op === 'parse') {
        $input = $request['input'] ?? null;
        if (!is_string($input)) {
            return unsupported('a parse request needs a string field "input"');
        }
        $parts = parse_url($input);
        if ($parts === false) {
            return ['rejected' => ['message' => 'parse_url returned false (a seriously malformed URL)']];
        }
        $names = ['scheme' => 'scheme', 'user' => 'user', 'pass' => 'password', 'host' => 'host',
                  'port' => 'port', 'path' => 'path', 'query' => 'query', 'fragment' => 'fragment'];
        $components = [];
        foreach ($names as $key => $name) {
            $components[$name] = array_key_exists($key, $parts) ? (string) $parts[$key] : null;
        }
        return ['parsed' => ['components' => $components]];
    }
    if ($op === 'resolve') {
        return unsupported('PHP has no reference resolution (parse_url only)');
    }
    return unsupported('unknown op ' . json_encode($op));
}

$flags = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE;
while (($line = fgets(STDIN)) !== false) {
    $line = rtrim($line, "\r\n");
    $id = null;
    try {
        if (preg_match('//u', $line) !== 1) {
            $body = unsupported('the request line is not UTF-8');
        } else {
            $request = json_decode($line, true, 64);
            if (!is_array($request) || array_is_list($request) && $request !== []) {
                $body = unsupported('not a request object: ' . json_last_error_msg());
            } else {
                if (isset($request['id']) && (is_int($request['id']) || is_float($request['id']) || is_string($request['id']))) {
                    $id = $request['id'];
                }
                $body = answer($request);
            }
        }
    } catch (Throwable $e) {
        $body = unsupported('the adapter failed: ' . $e->getMessage());
    }
    $out = json_encode(['id' => $id] + $body, $flags);
    if ($out === false) {
        $out = '{"id":null,"unsupported":{"why":"the answer could not be written"}}';
    }
    fwrite(STDOUT, $out . "\n");
    fflush(STDOUT);
}

#!/usr/bin/env python3
"""Every subcommand's output over the whole case set, in one file, so that two builds
can be compared byte for byte (a refactoring that must change no answer).

    python3 harness/tools/output-snapshot.py BIN OUT [CASES]

BIN is a urlcert binary, OUT the file written, CASES the case folder (default: cases/
beside this script's repository). Needs python3 with PyYAML.

The one-input commands: `parse`, `normalize`, `resolve` (with --trace), `trace`,
`extract`, `base` and `links`, JSON and human output, under every document and
reading, on every input, base and document of the cases; `ask` of the in-process
adapters on some of them.

The reports, each command's standard output and error and every file it writes (in a
temporary folder): `run` and `matrix` with the in-process adapters only (no external
program is started), `certify` of an in-process adapter (all documents, and one with
--strict), `evolution`, `contradictions` (Markdown, HTML, JSON, and `--search
--budget 0`), `coverage` (human, --json, --doc, and --corpus over the corpus
written), `export` (whole, --doc, --op), `corpus`, `fuzz` of the in-process adapters
with a fixed seed, --iterations and --jobs (with --emit-cases), the hidden
`fuzz-nightly-report` over two nights assembled from those outputs, and `check`,
`man`, `completions`.

Left out: `bench` (its output is timings), `adapters` (which adapters are installed,
their paths and versions are the machine's), external adapters (the same), and
`contradictions --search` with a positive budget: the command stops its search by the
clock only (--budget is seconds; the library's execution limit has no option), so the
number of executions, and with it what is found, depends on the machine. `--budget 0`
is repeatable: the search stops before its first check, and its report (the budget,
the checks skipped) is still written.

Masked by `mask` (and nothing else): UTC timestamps (`2026-01-02T03:04:05Z`, with or
without fraction and Z) and the run names made from them (`run-20260102-030405`);
durations (`"elapsed_ms":N`, `"duration_ms": N`, `"seconds": X`, JUnit's `time="X"`,
`in X s` and `duration | X s` in the summaries, `N exec/s`, a time column `  X.Y s` at
the end of a line of `matrix`'s table); and the temporary
folder's path. Two snapshots of one binary are identical.

`harness/tools/output-diff REV_A REV_B` builds two revisions and compares their
snapshots.
"""
import yaml, glob, subprocess, sys, os, re, tempfile, shutil, json
BIN = sys.argv[1]; OUT = sys.argv[2]
root = sys.argv[3] if len(sys.argv) > 3 else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'cases')
cases = []
for f in sorted(glob.glob(root + '/**/*.yaml', recursive=True)):
    if os.path.basename(f).startswith('_'): continue
    d = yaml.safe_load(open(f, encoding='utf-8-sig'))
    cases += d['cases']
DOCS = {'draft-02': ['strict','path-excludes-search','xxx-excludes-dots','mailto-single-colon'],
 'draft-03': ['strict','mailto-single-colon','ftptype-prose'], 'draft-06': ['strict','scheme-case-ignore'],
 'rfc1738': ['strict','scheme-case-ignore'], 'rfc1808': ['strict'], 'draft-1996': ['strict'],
 'rfc2396': ['strict','rfc2732','above-root-removed','same-scheme-relative'], 'rfc3986': ['strict','non-strict']}
RESOLVING = ['draft-02','rfc1808','draft-1996','rfc2396','rfc3986']
def dr(d, r): return d if r == 'strict' else f'{d}@{r}'
ALLDR = [dr(d, r) for d in DOCS for r in DOCS[d]]
out = open(OUT, 'w', encoding='utf-8', errors='surrogateescape')
def run(args, stdin=None):
    p = subprocess.run([BIN] + args, input=stdin, capture_output=True)
    return p.returncode, p.stdout.decode('utf-8', 'surrogateescape'), p.stderr.decode('utf-8', 'surrogateescape')
def emit(tag, args, stdin=None):
    rc, so, se = run(args, stdin)
    out.write(f'### {tag} rc={rc}\n{so}')
    if se: out.write(f'--- stderr\n{se}')
def chunks(xs, n=200):
    for i in range(0, len(xs), n): yield xs[i:i+n]
inputs = []
seen = set()
def add(s):
    if s is not None and s not in seen and '\0' not in s:
        seen.add(s); inputs.append(s)
for c in cases:
    if c['op'] in ('parse', 'normalize', 'resolve'): add(c['input'])
    if c['op'] == 'resolve': add(c['base'])
print(len(inputs), 'inputs', file=sys.stderr)
for d in ALLDR:
    for i, ch in enumerate(chunks(inputs)):
        emit(f'parse --json {d} {i}', ['parse', '--json', '--doc', d, '--'] + ch)
        emit(f'parse human {d} {i}', ['parse', '--doc', d, '--'] + ch)
        emit(f'normalize --json {d} {i}', ['normalize', '--json', '--doc', d, '--'] + ch)
# resolve: group by base
bases = {}
for c in cases:
    if c['op'] == 'resolve': bases.setdefault(c['base'], []).append(c['input'])
for b, refs in bases.items():
    refs = [r for r in dict.fromkeys(refs) if '\0' not in r]
    for d in ALLDR:
        if d.split('@')[0] not in RESOLVING: 
            emit(f'resolve {d} {b!r}', ['resolve', '--json', '--trace', '--doc', d, '--base', b, '--'] + refs[:3]); continue
        emit(f'resolve --json --trace {d} {b!r}', ['resolve', '--json', '--trace', '--doc', d, '--base', b, '--'] + refs)
        emit(f'resolve human --trace {d} {b!r}', ['resolve', '--trace', '--doc', d, '--base', b, '--'] + refs)
for c in cases:
    if c['op'] == 'resolve':
        emit(f'trace --json base {c["id"]}', ['trace', '--json', '--base', c['base'], '--', c['input']])
for s in inputs:
    emit(f'trace --json {s!r}', ['trace', '--json', '--', s])
for c in cases:
    if c['op'] == 'extract':
        for d in ALLDR:
            emit(f'extract --json {d} {c["id"]}', ['extract', '--json', '--doc', d], c['input'].encode())
    if c['op'] in ('base', 'links'):
        text = c['input']
        if c.get('line_ends') == 'crlf': text = text.replace('\n', '\r\n')
        extra = []
        for r in c.get('retrieved_from', []) or []: extra += ['--retrieved-from', r]
        if c.get('application_default'): extra += ['--application-default', c['application_default']]
        if c.get('format'): extra += ['--format', c['format']]
        for d in ['all'] + ALLDR:
            for op in ('links', 'base'):
                emit(f'{op} --json {d} {c["id"]}', [op, '--json', '--doc', d] + extra, text.encode())

# The reports: every file a command writes, in a temporary folder whose path is masked.
TMP = tempfile.mkdtemp(prefix='urlcert-snapshot-')
REPO = os.path.dirname(os.path.abspath(root))
INPROC = ['url', 'fluent-uri', 'iri-string', 'oxiri', 'recorded-libwww-perl-5.14',
          'recorded-lynx-2.7.1', 'recorded-mosaic-2.6', 'recorded-mozilla-4.03', 'recorded-msie-3.01']
MASKS = [  # (pattern, replacement): what differs between two runs of one binary
    (r'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z?', '<time>'),
    (r'\brun-\d{8}-\d{6}', 'run-<time>'),
    (r'"elapsed_ms":\d+', '"elapsed_ms":<ms>'),
    (r'"duration_ms": \d+', '"duration_ms": <ms>'),
    (r'"seconds": [0-9.e+-]+', '"seconds": <s>'),
    (r' time="[0-9.]+"', ' time="<s>"'),
    (r'\bin \d+(\.\d+)? s\b', 'in <s> s'),
    (r'\bduration \| \d+(\.\d+)? s\b', 'duration | <s> s'),
    (r'\b\d+ exec/s', '<n> exec/s'),
    (r'(?m)(?<=  )\d+\.\d+ s$', '<s> s'),
]
def mask(text):
    """The time- and machine-dependent parts of a report, replaced (see the docstring)."""
    text = text.replace(TMP, '<tmp>')
    for pattern, replacement in MASKS:
        text = re.sub(pattern, replacement, text)
    return text
def emit_masked(tag, args, stdin=None):
    rc, so, se = run(args, stdin)
    out.write(mask(f'### {tag} rc={rc}\n{so}'))
    if se: out.write(mask(f'--- stderr\n{se}'))
def emit_files(folder):
    """Every file under `folder`, sorted by path: text masked, other bytes as escapes."""
    paths = sorted(os.path.relpath(os.path.join(d, f), folder)
                   for d, _, fs in os.walk(folder) for f in fs)
    for rel in paths:
        data = open(os.path.join(folder, rel), 'rb').read()
        try:
            text = data.decode('utf-8')
        except UnicodeDecodeError:
            text = repr(data) + '\n'
        out.write(mask(f'=== file {rel}\n{text}'))
        if not text.endswith('\n'): out.write('\n')
def report(tag, args, folder=None, stdin=None):
    """Runs a command that writes into `folder` (a name under the temporary folder, made
    empty first), then its files."""
    if folder is not None:
        shutil.rmtree(os.path.join(TMP, folder), ignore_errors=True)
    emit_masked(tag, args, stdin)
    if folder is not None and os.path.isdir(os.path.join(TMP, folder)):
        emit_files(os.path.join(TMP, folder))
def t(name): return os.path.join(TMP, name)
def adapters(names):
    return [a for n in names for a in ('--adapter', n)]
expected = os.path.join(REPO, 'harness', 'expected')
try:
    for a in ['url', 'oxiri', 'recorded-mosaic-2.6']:
        for s in inputs[:40]:
            emit(f'ask --json {a} {s!r}', ['ask', '--json', '--adapter', a, '--', s])
        for b, refs in list(bases.items())[:5]:
            for r in refs[:5]:
                emit(f'ask {a} {b!r} {r!r}', ['ask', '--adapter', a, '--base', b, '--', r])
    emit('check', ['check', '--cases', root])
    report('run', ['run', '--cases', root, '--out', t('run')] + adapters(INPROC), 'run')
    report('certify url', ['certify', '--adapter', 'url', '--cases', root, '--out', t('certify'),
                           '--expected', os.path.join(expected, 'url.txt')], 'certify')
    report('certify oxiri --doc rfc3986 --strict',
           ['certify', '--adapter', 'oxiri', '--doc', 'rfc3986', '--strict', '--cases', root,
            '--out', t('certify-doc'), '--expected', os.path.join(expected, 'oxiri.txt')], 'certify-doc')
    report('matrix', ['matrix', '--cases', root, '--out', t('matrix')]
           + adapters(['url', 'oxiri', 'recorded-mosaic-2.6']), 'matrix')
    os.makedirs(t('evolution'))
    report('evolution', ['evolution', '--cases', root, '--out', t('evolution')])
    emit_files(t('evolution'))
    os.makedirs(t('contradictions'))
    report('contradictions', ['contradictions', '--cases', root, '--out', t('contradictions/c.md'),
                              '--html', t('contradictions/c.html')])
    report('contradictions --json', ['contradictions', '--cases', root, '--json'])
    report('contradictions --adapter url', ['contradictions', '--cases', root, '--adapter', 'url'])
    report('contradictions --search --budget 0',
           ['contradictions', '--cases', root, '--search', '--budget', '0', '--seed', '7',
            '--out', t('contradictions/s.md'), '--html', t('contradictions/s.html')])
    report('contradictions --search --budget 0 --json --doc rfc1808',
           ['contradictions', '--cases', root, '--search', '--budget', '0', '--json', '--doc', 'rfc1808'])
    emit_files(t('contradictions'))
    report('coverage', ['coverage', '--cases', root])
    report('coverage --json', ['coverage', '--cases', root, '--json'])
    report('coverage --doc rfc1808', ['coverage', '--cases', root, '--doc', 'rfc1808'])
    report('export', ['export', '--cases', root])
    report('export --doc rfc2396 --op resolve', ['export', '--cases', root, '--doc', 'rfc2396', '--op', 'resolve'])
    report('corpus', ['corpus', '--cases', root, '--out', t('corpus')], 'corpus')
    for target in sorted(os.listdir(t('corpus'))):
        if os.path.isdir(t('corpus/' + target)) and target in (
                'parse_invariants', 'resolve_invariants', 'oracle_diff', 'adapters_diff'):
            report(f'coverage --corpus {target} --json',
                   ['coverage', '--cases', root, '--json', '--corpus', t('corpus/' + target)])
    fuzz = ['fuzz', '--adapter', 'url,fluent-uri,iri-string,oxiri', '--cases', root, '--jobs', '2']
    report('fuzz seed 1', fuzz + ['--seed', '1', '--iterations', '3000', '--out', t('fuzz'),
                                  '--emit-cases', t('fuzz-cases')], 'fuzz')
    emit_files(t('fuzz-cases'))
    report('fuzz seed 2 rfc3986', fuzz + ['--seed', '2', '--iterations', '1500', '--doc', 'rfc3986',
                                          '--out', t('fuzz-2')], 'fuzz-2')
    # Two nights for fuzz-nightly-report, from the outputs above.
    for night, campaign, corpus, cov, ft in [('nightly-20260101-000000', 'fuzz-2', 'resolve_invariants', 90, 400),
                                             ('nightly-20260102-000000', 'fuzz', 'parse_invariants', 120, 380)]:
        d = t('nights/' + night)
        os.makedirs(d + '/logs')
        shutil.copytree(t(campaign), d + '/campaign')
        rc, so, se = run(['coverage', '--cases', root, '--json', '--corpus', t('corpus/' + corpus)])
        open(d + '/coverage.json', 'w').write(so)
        open(d + '/nightly.md', 'w').write('# nightly\n')
        with open(d + '/targets.jsonl', 'w') as f:
            for i, target in enumerate(['parse_invariants', 'resolve_invariants', 'oracle_diff']):
                if night.endswith('01-000000') or i < 2:
                    f.write(json.dumps({'target': target, 'result': 'ok'}) + '\n')
                    open(f'{d}/logs/{target}.log', 'w').write(
                        f'#2\tINITED cov: {cov + i} ft: {ft - i} corp: 1/1b exec/s: 0 rss: 30Mb\n'
                        f'#4096\tDONE   cov: {cov + 7 * i} ft: {ft + 3 * i} corp: 6/44b exec/s: {1000 + i} rss: 32Mb\n')
            if not night.endswith('01-000000'):
                f.write(json.dumps({'target': 'adapters_diff', 'result': 'crash', 'exec_per_sec': 12}) + '\n')
    report('fuzz-nightly-report', ['fuzz-nightly-report', '--out', t('nights/nightly-20260102-000000')])
    report('fuzz-nightly-report first night', ['fuzz-nightly-report', '--out', t('nights/nightly-20260101-000000')])
    report('man', ['man', '--out', t('man')], 'man')
    report('completions bash', ['completions', 'bash'])
finally:
    shutil.rmtree(TMP, ignore_errors=True)
out.close()

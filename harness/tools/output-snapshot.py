#!/usr/bin/env python3
"""Every subcommand's output over the whole case set, in one file, so that two builds
can be compared byte for byte (a refactoring that must change no answer).

    python3 harness/tools/output-snapshot.py BIN OUT [CASES]

BIN is a urlcert binary, OUT the file written, CASES the case folder (default: cases/
beside this script's repository). Runs `parse`, `normalize`, `resolve` (with --trace),
`trace`, `extract`, `base` and `links`, JSON and human output, under every document and
reading, on every input, base and document of the cases. Needs python3 with PyYAML.
`harness/tools/output-diff REV_A REV_B` builds two revisions and compares their
snapshots.
"""
import yaml, glob, subprocess, sys, os
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
out.close()

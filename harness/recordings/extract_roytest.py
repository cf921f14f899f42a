#!/usr/bin/env python3
"""Writes the recordings of Roy Fielding's relative-URL test pages (roytest1-5.html).

The pages (1997-98, for RFC 1808 and the 1996 URI draft) list, for each reference, the
result each tested client gave, the clients named by number: [1] Mozilla 4.03, [2] Lynx
2.7.1, [3] MSIE 3.01, [4] NCSA Mosaic 2.6, [5] libwww-perl 5.14. This script reads the
pages as libwww-perl's URI distribution ships them (t/roytest*.html) and writes one
recording per client, every answer citing the page and line. Only what a page
publishes is recorded: a client a page gives no result for, for some reference, has no
answer for it (the adapter then answers "unsupported").

    python3 harness/recordings/extract_roytest.py URI_GIT_DIR COMMIT

URI_GIT_DIR is a clone of https://github.com/libwww-perl/URI (bare is fine).
"""

import html
import json
import os
import re
import subprocess
import sys

REPO = "libwww-perl/URI"
PAGES = ["t/roytest%d.html" % n for n in range(1, 6)]
CLIENTS = {
    "1": ("mozilla-4.03", "Mozilla/4.03 [en] (X11; U; SunOS 5.5 sun4u; Nav)"),
    "2": ("lynx-2.7.1", "Lynx/2.7.1 libwww-FM/2.14"),
    "3": ("msie-3.01", "MSIE 3.01; Windows 95"),
    "4": ("mosaic-2.6", "NCSA_Mosaic/2.6 (X11;SunOS 4.1.2 sun4m) libwww/2.12"),
    "5": ("libwww-perl-5.14", "libwww-perl/5.14 [Martijn Koster]"),
}
BASE = re.compile(r'<BASE href="([^"]*)">', re.I)
ANCHOR = re.compile(r'^<a (?:name="[^"]*" )?href="([^"]*)">.*?</a>\s*=\s*(.*)$')
RESULT = re.compile(r"^\|?\s*(\S+(?: \S+)?)\s+\[([A-Za-z0-9,]+)\]")


def main(git_dir, commit):
    out = {key: [] for key in CLIENTS}
    for page in PAGES:
        text = subprocess.run(
            ["git", "--git-dir", git_dir, "show", "%s:%s" % (commit, page)],
            check=True, capture_output=True, text=True).stdout
        base = None
        reference = None
        for number, line in enumerate(text.splitlines(), 1):
            m = BASE.search(line)
            if m:
                base = html.unescape(m.group(1))
                continue
            m = ANCHOR.match(line)
            if m:
                reference = html.unescape(m.group(1))
                rest = m.group(2)
            elif reference is not None and line.strip():
                rest = line.strip()
            else:
                if not line.strip() or line.startswith("</PRE>"):
                    reference = None if line.startswith("</PRE>") else reference
                continue
            r = RESULT.match(rest.strip())
            if not r:
                continue
            result, labels = r.group(1), r.group(2).split(",")
            where = "%s %s@%s, line %d" % (REPO, page, commit, number)
            for label in labels:
                if label not in CLIENTS:
                    continue  # R (RFC 2396), X (RFC 1808), Tim: not clients
                if result.startswith("(current document)"):
                    answer = {"unsupported": {"why": "the page gives %s: the client "
                              "stayed in the current document rather than resolving "
                              "to a URL" % json.dumps(result)}}
                else:
                    answer = {"resolved": {"result": result}}
                out[label].append({"op": "resolve", "base": base, "input": reference,
                                   "answer": answer, "source": where})
    here = os.path.dirname(os.path.abspath(__file__))
    for key, lines in out.items():
        name, version = CLIENTS[key]
        header = {"recording": name, "version": version, "model": "rfc3986",
                  "operations": ["resolve"],
                  "source": "Roy T. Fielding's relative-URL test pages, as shipped in "
                            "%s %s (t/roytest1.html to t/roytest5.html), client [%s]"
                            % (REPO, commit, key)}
        with open(os.path.join(here, name + ".jsonl"), "w") as f:
            f.write(json.dumps(header) + "\n")
            for line in lines:
                f.write(json.dumps(line) + "\n")
        print("%s: %d answers" % (name, len(lines)))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))

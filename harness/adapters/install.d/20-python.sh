# A virtual environment in $URLCERT_DEPS/venv, and the Python packages the adapters use.
# Each package on its own, so that one that cannot be installed here (no wheel for this
# Python, say) leaves only its adapter unavailable. rfc3987 needs `regex` to name the
# authority's parts. Python 2's urlparse (python2-urlparse) needs python2.7 on PATH,
# which Debian 12 does not package: nothing is installed for it.
set -u
venv="$URLCERT_DEPS/venv"
if [ ! -x "$venv/bin/python3" ]; then
  python3 -m venv "$venv" || { echo "  failed: python3 -m venv"; exit 1; }
fi
failed=0
for pkg in rfc3986 yarl hyperlink uritools "rfc3987 regex" ada-url; do
  # shellcheck disable=SC2086  # "rfc3987 regex" is two packages
  "$venv/bin/python3" -m pip install -q --disable-pip-version-check $pkg \
    || { echo "  failed: pip install $pkg"; failed=1; }
done
exit $failed

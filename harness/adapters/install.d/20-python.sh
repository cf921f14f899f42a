# A virtual environment in $URLCERT_DEPS/venv, and the Python packages the adapters use.
set -u
venv="$URLCERT_DEPS/venv"
if [ ! -x "$venv/bin/python3" ]; then
  python3 -m venv "$venv" || { echo "  failed: python3 -m venv"; exit 1; }
fi
"$venv/bin/python3" -m pip install -q --disable-pip-version-check rfc3986 \
  || { echo "  failed: pip install rfc3986"; exit 1; }

# The npm packages the Node adapters use, in $URLCERT_DEPS/node_modules.
set -u
command -v npm >/dev/null || { echo "  skipped: no npm (apt-get install nodejs npm)"; exit 1; }
packages=(whatwg-url uri-js fast-uri urijs url-parse)
[ ${#packages[@]} -eq 0 ] && exit 0
npm install --silent --no-audit --no-fund --prefix "$URLCERT_DEPS" "${packages[@]}" >/dev/null 2>&1 \
  || { echo "  failed: npm install ${packages[*]}"; exit 1; }

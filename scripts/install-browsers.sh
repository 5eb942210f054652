#!/usr/bin/env bash
# Installs the browser the real-browser tests drive: Debian's Chromium (Playwright's own browser downloads are
# not used). Does nothing when it is already installed. Set CHROMIUM_PATH to use another Chromium binary.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then
  echo "install-browsers: Chromium present at $chromium"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "install-browsers: Chromium is missing and this user cannot install it." >&2
  echo "Install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi

echo "install-browsers: installing Debian's chromium package"
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq chromium >/dev/null
"$chromium" --version 2>/dev/null | grep -v 'unexpected operator' || true

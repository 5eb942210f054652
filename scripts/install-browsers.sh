#!/usr/bin/env bash
# Installs, from Debian packages, what the real-browser tests drive: Chromium, Firefox ESR, WebKitGTK's
# WebDriver (with MiniBrowser) under a virtual display (Xvfb), and nginx for the release tests. Playwright's own
# browser downloads are never used. Skips whatever is already installed, runs `apt-get update` only when
# something is missing, then maps the test host names to 127.0.0.1 in /etc/hosts (WebKitGTK resolves names only
# there). Prints what it installed or found, with versions.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian package → the file the tests run from it.
packages=(chromium firefox-esr webkit2gtk-driver xvfb nginx)
declare -A binary=(
  [chromium]=/usr/bin/chromium
  [firefox-esr]=/usr/bin/firefox-esr
  [webkit2gtk-driver]=/usr/bin/WebKitWebDriver
  [xvfb]=/usr/bin/Xvfb
  [nginx]=/usr/sbin/nginx
)

installed() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

version_of() {
  dpkg-query -W -f='${Version}' "$1"
}

missing=()
for package in "${packages[@]}"; do
  installed "$package" || missing+=("$package")
done

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  as_root=(unavailable)
fi

need_root() {
  if [ "${as_root[0]:-}" = unavailable ]; then
    echo "install-browsers: $1 needs root, and this user is not root and has no password-less sudo." >&2
    echo "Run it as root (CI does), or do it once by hand as root:" >&2
    echo "  $2" >&2
    exit 1
  fi
}

if [ "${#missing[@]}" -gt 0 ]; then
  need_root "installing ${missing[*]}" "apt-get update && apt-get install -y ${missing[*]}"
  echo "install-browsers: installing ${missing[*]}"
  apt=("${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 -q)
  "${apt[@]}" update >/dev/null
  # Recommends included: the package set the browsers were checked with (fonts, codecs, xauth).
  "${apt[@]}" install -y "${missing[@]}" >/dev/null
fi

for package in "${packages[@]}"; do
  state=found
  [[ " ${missing[*]} " == *" $package "* ]] && state=installed
  if [ ! -x "${binary[$package]}" ]; then
    echo "install-browsers: $package is installed but ${binary[$package]} is missing" >&2
    exit 1
  fi
  printf 'install-browsers: %-9s %-17s %-28s %s\n' "$state" "$package" "$(version_of "$package")" "${binary[$package]}"
done

# The test host names, from the same list the suites use (node is present: the README's next step is npm ci).
if [ "${as_root[0]:-}" = unavailable ]; then
  node lib/test-hosts.mjs --check ||
    need_root "adding the test host names to /etc/hosts" "node lib/test-hosts.mjs --write"
else
  "${as_root[@]}" "$(command -v node)" lib/test-hosts.mjs --write
fi

#!/usr/bin/env bash
# Installs, from Debian packages, what the real-browser tests drive: Chromium, Firefox ESR, WebKitGTK's
# WebDriver (with MiniBrowser) under a virtual display (Xvfb), and for the release tests nginx and a real S3
# (Ceph's RADOS Gateway with one monitor and one OSD; test/release/radosgw.ts runs it), and PHP with its curl
# extension for the PHP backend of the docs (e2e/backends.spec.ts). Playwright's own browser
# downloads are never used. Skips whatever is already installed, runs `apt-get update` only when
# something is missing, then maps the test host names to 127.0.0.1 in /etc/hosts (WebKitGTK resolves names only
# there). Prints what it installed or found, with versions.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian package → the file the tests run from it.
packages=(chromium firefox-esr webkit2gtk-driver xvfb nginx radosgw ceph-mon ceph-osd php-cli php-curl)
# Installed without Recommends: Ceph recommends the whole cluster tooling (ceph-mgr, ceph-mds, python modules,
# ~300 MB more); a throwaway one-OSD cluster needs none of it.
lean=(radosgw ceph-mon ceph-osd)
declare -A binary=(
  [chromium]=/usr/bin/chromium
  [firefox-esr]=/usr/bin/firefox-esr
  [webkit2gtk-driver]=/usr/bin/WebKitWebDriver
  [xvfb]=/usr/bin/Xvfb
  [nginx]=/usr/sbin/nginx
  [radosgw]=/usr/bin/radosgw
  [ceph-mon]=/usr/bin/ceph-mon
  [ceph-osd]=/usr/bin/ceph-osd
  [php-cli]=/usr/bin/php
  # An extension, not a program: checked below by asking PHP for it.
  [php-curl]=/usr/bin/php
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
is_lean() {
  [[ " ${lean[*]} " == *" $1 "* ]]
}

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
  with_recommends=()
  without_recommends=()
  for package in "${missing[@]}"; do
    if is_lean "$package"; then without_recommends+=("$package"); else with_recommends+=("$package"); fi
  done
  by_hand="apt-get update"
  [ "${#with_recommends[@]}" -gt 0 ] && by_hand+=" && apt-get install -y ${with_recommends[*]}"
  [ "${#without_recommends[@]}" -gt 0 ] && by_hand+=" && apt-get install -y --no-install-recommends ${without_recommends[*]}"
  need_root "installing ${missing[*]}" "$by_hand"
  echo "install-browsers: installing ${missing[*]}"
  apt=("${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 -q)
  "${apt[@]}" update >/dev/null
  # Recommends included: the package set the browsers were checked with (fonts, codecs, xauth).
  if [ "${#with_recommends[@]}" -gt 0 ]; then
    "${apt[@]}" install -y "${with_recommends[@]}" >/dev/null
  fi
  if [ "${#without_recommends[@]}" -gt 0 ]; then
    "${apt[@]}" install -y --no-install-recommends "${without_recommends[@]}" >/dev/null
  fi
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
# Debian's php-cli has no curl of its own: the docs' PHP backend needs php-curl loaded.
if ! php -r 'exit(function_exists("curl_init") ? 0 : 1);'; then
  echo "install-browsers: php-curl is installed but PHP does not load its curl extension (php -m)" >&2
  exit 1
fi

# The test host names, from the same list the suites use (node is present: the README's next step is npm ci).
if [ "${as_root[0]:-}" = unavailable ]; then
  node lib/test-hosts.mjs --check ||
    need_root "adding the test host names to /etc/hosts" "node lib/test-hosts.mjs --write"
else
  "${as_root[@]}" "$(command -v node)" lib/test-hosts.mjs --write
fi

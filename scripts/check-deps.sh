#!/bin/sh
# Checks that the C libraries OneTimeCode links are installed (Debian packages).
# With OTC_AUTO_INSTALL=1 (as CI sets it) and root, installs what is missing.
missing=""
pkg-config --exists icu-uc 2>/dev/null || missing="$missing libicu-dev"
pkg-config --exists sqlite3 2>/dev/null || missing="$missing libsqlite3-dev"
command -v pkg-config >/dev/null 2>&1 || missing="pkg-config libicu-dev libsqlite3-dev"
[ -z "$missing" ] && exit 0
if [ "${OTC_AUTO_INSTALL:-0}" = 1 ] && [ "$(id -u)" = 0 ]; then
  echo "installing:$missing" >&2
  apt-get update -qq && apt-get install -y -qq $missing >&2 && exit 0
fi
echo "error: missing Debian packages:$missing" >&2
sudo="sudo "
[ "$(id -u)" = 0 ] && sudo=""
echo "install them with: ${sudo}apt-get update && ${sudo}apt-get install -y$missing" >&2
exit 1

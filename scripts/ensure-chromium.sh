#!/usr/bin/env bash
# Installs Debian's chromium (used by Playwright via executablePath) if it is missing.
set -euo pipefail

if [[ -x /usr/bin/chromium ]]; then
  echo "chromium already installed: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null; then
    sudo=(sudo)
  else
    echo "ensure-chromium: not root and sudo is unavailable; cannot install chromium" >&2
    exit 1
  fi
fi

"${sudo[@]}" apt-get update -qq
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
echo "chromium installed: $(/usr/bin/chromium --version 2>/dev/null)"

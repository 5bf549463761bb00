#!/usr/bin/env bash
# Installs the Debian packages listed in scripts/apt-packages.txt that are not installed yet.
# Idempotent: a second run with everything present does nothing and touches no network.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
list="$here/apt-packages.txt"
missing=()
while read -r pkg; do
  [[ -z "$pkg" || "$pkg" == \#* ]] && continue
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
done < "$list"
if ((${#missing[@]} == 0)); then
  echo "setup: all system packages present"
  exit 0
fi
echo "setup: installing ${missing[*]}"
SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"

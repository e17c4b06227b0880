#!/usr/bin/env bash
# Installs Debian's pocketsphinx and its US English model when they are missing (speech-to-text
# needs them). Never fails the caller: where apt is unavailable it prints a warning, and the speech
# stage then reports a clear error for videos with speech while the rest of each job succeeds.
set -u

MODEL_DIRS=(/usr/share/pocketsphinx/model/en-us /usr/local/share/pocketsphinx/model/en-us)
PACKAGES=(pocketsphinx pocketsphinx-en-us)

installed() {
  command -v pocketsphinx_batch >/dev/null 2>&1 || command -v pocketsphinx >/dev/null 2>&1 || return 1
  local d
  for d in "${POCKETSPHINX_MODEL_DIR:-}" "${MODEL_DIRS[@]}"; do
    [ -n "$d" ] && [ -f "$d/en-us/mdef" ] && [ -f "$d/en-us.lm.bin" ] && [ -f "$d/cmudict-en-us.dict" ] && return 0
  done
  return 1
}

warn() {
  echo "WARNING: pocketsphinx not installed ($1)." >&2
  echo "WARNING: speech-to-text will report 'pocketsphinx is not installed' for audio with speech; everything else works." >&2
  echo "WARNING: to fix: apt-get install ${PACKAGES[*]}" >&2
  exit 0
}

if installed; then
  echo "pocketsphinx: present"
  exit 0
fi

command -v apt-get >/dev/null 2>&1 || warn "no apt-get on this system"
SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO=(sudo -n); else warn "not root and no passwordless sudo"; fi
fi

echo "pocketsphinx: installing ${PACKAGES[*]} with apt-get"
export DEBIAN_FRONTEND=noninteractive
APT_OPTS=(-q -o DPkg::Lock::Timeout=300)
"${SUDO[@]}" apt-get "${APT_OPTS[@]}" update >/dev/null || warn "apt-get update failed"
"${SUDO[@]}" apt-get "${APT_OPTS[@]}" install -y --no-install-recommends "${PACKAGES[@]}" >/dev/null || warn "apt-get install failed"
installed || warn "packages installed but binary or en-us model still not found"
echo "pocketsphinx: installed"

#!/bin/sh
# Makes the local stand-in for node:20.20.2-bookworm-slim when no registry can be reached: a Debian
# bookworm minbase (debootstrap, from the machine's own Debian mirror) with this machine's Node.js
# copied in where the official image keeps it, imported into buildah as $BASE_IMAGE.
# The machine's extra CA certificates go in as a local CA (a TLS-inspecting mirror is then trusted by
# apt and npm inside the build), as a site's own base image would carry them.
set -eu
BASE_IMAGE=${BASE_IMAGE:-localhost/modsvc-base-node:20.20.2-bookworm}
CACHE=${MODSVC_IMAGES_CACHE:-/var/tmp/modsvc-images}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
NODE_BIN=$(command -v node)
NODE_VERSION=$("$NODE_BIN" -p process.versions.node)

if buildah inspect --type image "$BASE_IMAGE" >/dev/null 2>&1; then
  echo "base $BASE_IMAGE: present"
  exit 0
fi
[ "$NODE_VERSION" = "20.20.2" ] || echo "warning: this machine's Node.js is $NODE_VERSION, the pinned image's is 20.20.2" >&2

ROOTFS="$CACHE/rootfs-bookworm"
if [ ! -x "$ROOTFS/usr/bin/apt-get" ]; then
  rm -rf "$ROOTFS.partial"
  debootstrap --variant=minbase bookworm "$ROOTFS.partial" "$MIRROR"
  mv "$ROOTFS.partial" "$ROOTFS"
fi

WORK="$CACHE/base-work"
rm -rf "$WORK" && cp -a "$ROOTFS" "$WORK"
# Node where node:*-slim keeps it: the binary, npm and corepack, and their links.
NODE_LIB=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")/..
install -m 0755 "$NODE_BIN" "$WORK/usr/local/bin/node"
mkdir -p "$WORK/usr/local/lib/node_modules"
for m in npm corepack; do [ -d "$NODE_LIB/$m" ] && cp -a "$NODE_LIB/$m" "$WORK/usr/local/lib/node_modules/$m"; done
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$WORK/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$WORK/usr/local/bin/npx"
[ -d "$WORK/usr/local/lib/node_modules/corepack" ] && ln -sf ../lib/node_modules/corepack/dist/corepack.js "$WORK/usr/local/bin/corepack"
mkdir -p "$WORK/usr/local/share/ca-certificates"
cp /etc/ssl/certs/ca-certificates.crt "$WORK/usr/local/share/ca-certificates/host-bundle.crt"
rm -rf "$WORK/var/cache/apt/archives/"*.deb "$WORK/var/lib/apt/lists/"*

ctr=$(buildah from scratch)
mnt=$(buildah mount "$ctr")
tar -C "$WORK" -c . | tar -C "$mnt" -x
buildah umount "$ctr" >/dev/null
buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --env NODE_VERSION="$NODE_VERSION" \
  --env NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/host-bundle.crt --cmd node "$ctr"
buildah commit --quiet "$ctr" "$BASE_IMAGE" >/dev/null
buildah rm "$ctr" >/dev/null
rm -rf "$WORK"
echo "base $BASE_IMAGE: made from $ROOTFS and Node.js $NODE_VERSION"

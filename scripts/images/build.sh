#!/bin/sh
# make images: builds every target of the Dockerfile with docker (where a daemon answers) or buildah,
# tagged as the chart names them (charts/moderation/values*.yaml: ghcr.io/modsvc/<name>:<appVersion>),
# then checks each runtime image (non-root user, no compilers, no dev dependencies) and reports sizes
# in bench/results/images.{json,md}.
# Without a reachable registry, buildah builds on a local stand-in for node:20.20.2-bookworm-slim
# (scripts/images/make-base.sh). IMAGES="service vision-cpu" builds a subset.
set -eu
cd "$(dirname "$0")/../.."
REGISTRY=${IMAGE_REGISTRY:-ghcr.io/modsvc}
TAG=${IMAGE_TAG:-$(sed -n 's/^appVersion: *"\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' charts/moderation/Chart.yaml)}
TARGETS=${IMAGES:-service vision-cpu models vision-cuda}
CUDA_IMAGE=$(sed -n 's/^ARG CUDA_IMAGE=//p' Dockerfile)
RESULTS=${IMAGES_RESULTS:-bench/results}

name_of() { case "$1" in service) echo modsvc ;; *) echo "modsvc-$1" ;; esac; }

# --names: the image each target is built as, one "target image" line each (the chart test reads it).
if [ "${1:-}" = --names ]; then
  for target in $TARGETS; do echo "$target $REGISTRY/$(name_of "$target"):$TAG"; done
  exit 0
fi

if docker info >/dev/null 2>&1; then
  ENGINE=docker
elif command -v buildah >/dev/null 2>&1; then
  ENGINE=buildah
else
  echo "make images: neither a docker daemon nor buildah (make image-deps installs buildah on Debian)" >&2
  exit 2
fi

BUILD_ARGS=""
base_reachable() { [ "$ENGINE" = docker ] && docker pull -q "$1" >/dev/null 2>&1 || { [ "$ENGINE" = buildah ] && timeout 60 buildah pull -q "$1" >/dev/null 2>&1; }; }
NODE_IMAGE=$(sed -n 's/^ARG NODE_IMAGE=//p' Dockerfile)
if [ "$ENGINE" = buildah ] && ! buildah inspect --type image "$NODE_IMAGE" >/dev/null 2>&1 && ! base_reachable "docker.io/library/$NODE_IMAGE"; then
  ./scripts/images/make-base.sh
  BUILD_ARGS="--build-arg NODE_IMAGE=${LOCAL_BASE_IMAGE:-localhost/modsvc-base-node:20.20.2-bookworm}"
fi

built=""
skipped=""
for target in $TARGETS; do
  image="$REGISTRY/$(name_of "$target"):$TAG"
  if [ "$target" = vision-cuda ] && ! { [ "$ENGINE" = buildah ] && buildah inspect --type image "$CUDA_IMAGE" >/dev/null 2>&1; } && ! base_reachable "$CUDA_IMAGE"; then
    why="its base $CUDA_IMAGE cannot be pulled here (no registry reachable) nor made offline (NVIDIA's CUDA and cuDNN are not in Debian's mirror)"
    echo "skip $image: $why"
    skipped="$skipped$target $image $why
"
    continue
  fi
  echo "build $image (target $target, $ENGINE)"
  start=$(date +%s)
  if [ "$ENGINE" = docker ]; then
    # shellcheck disable=SC2086
    docker build --target "$target" $BUILD_ARGS -t "$image" .
  else
    # shellcheck disable=SC2086
    buildah bud --isolation chroot --layers --quiet --target "$target" $BUILD_ARGS -t "$image" . >/dev/null
  fi
  echo "built $image in $(($(date +%s) - start)) s"
  built="$built$target $image
"
done

# buildah keeps the images a rebuild replaced: drop those no name points at any more.
[ "$ENGINE" = buildah ] && buildah rmi --prune >/dev/null 2>&1 || true

# One "target image [why]" line per image.
ENGINE=$ENGINE BUILT="$built" SKIPPED="$skipped" RESULTS=$RESULTS node scripts/images/report.mjs

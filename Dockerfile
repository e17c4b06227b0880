# syntax=docker/dockerfile:1.7
# Container images of modsvc: one file, several targets. Nothing is compiled: tsx loads the
# TypeScript at run time, so each image holds the pnpm workspace with production dependencies.
#
#   docker build --target service     -t modsvc:0.1.0 .              # every service (ffmpeg + pocketsphinx)
#   docker build --target service --build-arg MEDIA_TOOLS=false -t modsvc-slim:0.1.0 .
#   docker build --target vision-cpu  -t modsvc-vision-cpu:0.1.0 .   # vision-inference, CPU
#   docker build --target vision-cuda -t modsvc-vision-cuda:0.1.0 .  # vision-inference, CUDA EP
#   docker build --target models      -t modsvc-models:0.1.0 .       # runs `make models` (Job / init container)
#
# `make images` builds every target as the chart names them (docker, else buildah; mk/images.mk).
#
# Base images are pinned to exact version tags (not digests: bump them deliberately, and pin
# digests in your own registry mirror if you need bit-for-bit reproducible builds).
# Models are never baked in: vision-inference reads them from MODEL_DIR (/models), a volume that
# the `models` image fills with `make models`, which verifies every file by sha256.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim
ARG CUDA_IMAGE=nvidia/cuda:12.6.3-cudnn-runtime-ubuntu22.04
ARG PNPM_VERSION=12.21.0

# ---------------------------------------------------------------------------------------------
# deps: production node_modules for the whole workspace. Compilers live only in this stage.
FROM ${NODE_IMAGE} AS deps
ARG PNPM_VERSION
ENV CI=true ONNXRUNTIME_NODE_INSTALL=skip
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && npm install -g pnpm@${PNPM_VERSION}
WORKDIR /app
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm fetch --prod
COPY . .
RUN pnpm install --prefer-offline --prod --frozen-lockfile \
 && for d in services/*/; do \
      (cd "$d" && node --input-type=module -e "await import('tsx/esm/api')") \
      || { echo "tsx must be a production dependency of $d (index.js loads it)"; exit 1; }; \
    done \
 && rm -rf /root/.cache /root/.local/share/pnpm

# deps-cuda: the same tree plus the CUDA execution provider binaries of onnxruntime-node.
FROM deps AS deps-cuda
RUN cd "$(dirname "$(node -p "require.resolve('onnxruntime-node/package.json', { paths: ['/app/services/vision-inference'] })")")" \
 && ONNXRUNTIME_NODE_INSTALL=cuda12 node script/install.js

# ---------------------------------------------------------------------------------------------
# runtime-base: node, the app (owned by root, read-only for the app user), a non-root user.
FROM ${NODE_IMAGE} AS runtime-base
ENV NODE_ENV=production DATA_DIR=/var/lib/modsvc MODEL_DIR=/models GRPC_PORT=50051 METRICS_PORT=9464 \
    HOME=/tmp XDG_CACHE_HOME=/tmp/.cache
RUN groupadd --gid 10001 modsvc \
 && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin modsvc \
 && mkdir -p /var/lib/modsvc /models && chown 10001:10001 /var/lib/modsvc /models \
 && rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /opt/yarn* /usr/local/bin/yarn /usr/local/bin/yarnpkg
WORKDIR /app
COPY --from=deps /app /app
EXPOSE 50051 9464
USER 10001:10001

# service: the generic image; ffmpeg (frame-extractor) and pocketsphinx (speech-to-text) included
# unless MEDIA_TOOLS=false. Pick the service with the command: node services/<name>/index.js
FROM runtime-base AS service
ARG MEDIA_TOOLS=true
USER root
RUN if [ "$MEDIA_TOOLS" = "true" ]; then \
      apt-get update \
      && apt-get install -y --no-install-recommends ffmpeg pocketsphinx pocketsphinx-en-us \
      && rm -rf /var/lib/apt/lists/*; \
    fi
EXPOSE 8080
USER 10001:10001
CMD ["node", "services/gateway/index.js"]

# vision-cpu: vision-inference on CPU (onnxruntime-node CPU EP, tfjs wasm), with the Debian traineddata
# OCR reads beyond English (VISION_OCR_LANGUAGES, default eng,rus,ukr,Greek; mk/system.mk lists them).
FROM runtime-base AS vision-cpu
USER root
RUN apt-get update \
 && apt-get install -y --no-install-recommends tesseract-ocr-rus tesseract-ocr-ukr tesseract-ocr-script-grek \
 && rm -rf /var/lib/apt/lists/*
USER 10001:10001
CMD ["node", "services/vision-inference/index.js"]

# vision-cuda: vision-inference on an NVIDIA GPU (CUDA 12 + cuDNN 9 runtime, onnxruntime CUDA EP).
FROM ${CUDA_IMAGE} AS vision-cuda
ENV NODE_ENV=production DATA_DIR=/var/lib/modsvc MODEL_DIR=/models GRPC_PORT=50051 METRICS_PORT=9464 \
    HOME=/tmp XDG_CACHE_HOME=/tmp/.cache NVIDIA_VISIBLE_DEVICES=all NVIDIA_DRIVER_CAPABILITIES=compute,utility
COPY --from=deps /usr/local/bin/node /usr/local/bin/node
RUN groupadd --gid 10001 modsvc \
 && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin modsvc \
 && mkdir -p /var/lib/modsvc /models && chown 10001:10001 /var/lib/modsvc /models
WORKDIR /app
COPY --from=deps-cuda /app /app
# Ubuntu's traineddata: a file whose sha256 differs from the Debian one pinned in ocr.ts is left out
# with a warning, and OCR reads the languages it could check (English at least).
RUN apt-get update \
 && apt-get install -y --no-install-recommends tesseract-ocr-rus tesseract-ocr-ukr tesseract-ocr-script-grek \
 && rm -rf /var/lib/apt/lists/*
EXPOSE 50051 9464
USER 10001:10001
CMD ["node", "services/vision-inference/index.js"]

# models: the runtime plus GNU make, for the Job / init container that runs `make models`
# (downloads into $MODEL_DIR and checks each file's sha256). Not used to serve traffic.
FROM runtime-base AS models
USER root
RUN apt-get update \
 && apt-get install -y --no-install-recommends make ca-certificates \
 && rm -rf /var/lib/apt/lists/*
USER 10001:10001
CMD ["make", "models"]

# syntax=docker/dockerfile:1.7
#
# Gains — one image per service, all built from this file.
#
#   docker build --target identity -t gains-identity .
#
# Stages:
#   base     node 20 + pnpm 12.21.0 (+ tini as PID 1)
#   deps     the whole workspace with `pnpm install --frozen-lockfile`; the root postinstall
#            (scripts/generate.mjs) generates the protobuf code and Prisma clients, so it needs
#            the full source tree, not just the manifests
#   web      the built web app (web/dist), copied into the bff image only
#   runtime  the installed workspace, owned by root, run as an unprivileged user
#   <name>   one target per service: identity, clients, securities, tax-engine, documents,
#            reports, bff. No HEALTHCHECK: Kubernetes probes /healthz and /readyz.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm \
    PATH=/pnpm:$PATH \
    CI=true \
    CHECKPOINT_DISABLE=1 \
    NEXT_TELEMETRY_DISABLED=1
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && npm i -g pnpm@12.21.0 \
 && npm cache clean --force
WORKDIR /app

# ---------------------------------------------------------------------------
FROM base AS deps
# Manifests first: `pnpm fetch` only needs the lockfile, so the package download is cached
# until pnpm-lock.yaml changes. (.npmr[c]: copied when present.)
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmr[c] ./
RUN --mount=type=cache,id=gains-pnpm-store,target=/pnpm/store \
    pnpm fetch --store-dir /pnpm/store
# Then the sources: every workspace package's package.json plus the code, protos and Prisma
# schemas the postinstall generator reads.
COPY . .
RUN --mount=type=cache,id=gains-pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --prefer-offline --store-dir /pnpm/store

# ---------------------------------------------------------------------------
FROM deps AS web
RUN pnpm --filter @gains/web build

# ---------------------------------------------------------------------------
FROM base AS runtime
ENV NODE_ENV=production \
    LOG_LEVEL=info
RUN groupadd --system --gid 10001 gains \
 && useradd --system --uid 10001 --gid gains --home-dir /app --no-create-home \
      --shell /usr/sbin/nologin gains
# Root-owned and read-only for the service user (the pod runs with readOnlyRootFilesystem;
# tsx keeps its cache in /tmp, which the chart mounts as an emptyDir).
COPY --from=deps /app /app
USER 10001:10001
# tini reaps children and forwards SIGTERM so the service can drain (graceful shutdown).
ENTRYPOINT ["/usr/bin/tini", "--"]

# ---------------------------------------------------------------------------
FROM runtime AS identity
ENV GAINS_SERVICE=identity PORT=7101
EXPOSE 7101
USER 10001:10001
CMD ["node_modules/.bin/tsx", "packages/runtime/src/service-main.ts", "identity"]

FROM runtime AS clients
ENV GAINS_SERVICE=clients PORT=7102
EXPOSE 7102
USER 10001:10001
CMD ["node_modules/.bin/tsx", "packages/runtime/src/service-main.ts", "clients"]

FROM runtime AS securities
ENV GAINS_SERVICE=securities PORT=7103
EXPOSE 7103
USER 10001:10001
CMD ["node_modules/.bin/tsx", "packages/runtime/src/service-main.ts", "securities"]

FROM runtime AS tax-engine
ENV GAINS_SERVICE=tax-engine PORT=7104
EXPOSE 7104
USER 10001:10001
CMD ["node_modules/.bin/tsx", "packages/runtime/src/service-main.ts", "tax-engine"]

FROM runtime AS documents
ENV GAINS_SERVICE=documents PORT=7105
EXPOSE 7105
USER 10001:10001
CMD ["node_modules/.bin/tsx", "packages/runtime/src/service-main.ts", "documents"]

FROM runtime AS reports
ENV GAINS_SERVICE=reports PORT=7106
EXPOSE 7106
USER 10001:10001
CMD ["node_modules/.bin/tsx", "packages/runtime/src/service-main.ts", "reports"]

# The BFF also serves the built web app from web/dist.
FROM runtime AS bff
COPY --from=web /app/web/dist /app/web/dist
ENV GAINS_SERVICE=bff PORT=8080
EXPOSE 8080
USER 10001:10001
CMD ["node_modules/.bin/tsx", "packages/runtime/src/service-main.ts", "bff"]

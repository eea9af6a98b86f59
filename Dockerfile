# syntax=docker/dockerfile:1
# Utsav for production: the API server compiled to one JavaScript bundle (`node apps/server/dist/main.js`, no
# TypeScript loader at run time) and the built web app, as an unprivileged user. compose.yaml runs two of these behind nginx on one PostgreSQL.
#
#   docker build -t utsav .
#
# Written and reviewed without a Docker daemon at hand (none on the build machine); see docs/operations.md.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- 1. All dependencies. better-sqlite3 compiles from source here (no prebuilt binary is reachable). ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# Manifests first: this layer is rebuilt only when dependencies change, not on every code change.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/dev-identity/package.json packages/dev-identity/
COPY packages/razorpay-emulator/package.json packages/razorpay-emulator/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# `npm install`, not `npm ci`: the lock lacks some other-platform optional binaries (docs/decisions.md).
RUN npm install --no-audit --no-fund

# ---- 2. The builds: Vite writes apps/web/dist with .br and .gz beside every asset; esbuild bundles the server
# and the workspace packages into apps/server/dist/main.js (npm packages stay in node_modules). ----
FROM deps AS build
COPY tsconfig.base.json tsconfig.json ./
COPY packages ./packages
COPY apps/web ./apps/web
COPY apps/server ./apps/server
COPY scripts/build-server.ts ./scripts/build-server.ts
RUN npm run build

# ---- 3. Runtime dependencies only (tsx stays for `npm run backup` / `npm run restore`). ----
FROM deps AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund

# ---- 4. The image that runs. ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.base.json tsconfig.json ./
COPY packages ./packages
# The bundle finds files beside its sources (the emulator's checkout script, the dev sign-in pages, package.json)
# and the backup script runs from source, so the source tree comes along; the server itself runs from dist.
COPY apps/server ./apps/server
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY scripts/backup.ts ./scripts/backup.ts
# The data folder (SQLite file when DATABASE_URL is unset; outbox .eml files when SMTP_URL is unset) is the only
# place the server writes; the code stays owned by root and read-only to it.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 and receives SIGTERM itself: main.ts stops taking connections, finishes requests and jobs, exits.
# A log reader that stops reading (docker logs, a stuck collector) cannot stop it from exiting (main.ts, logger.ts).
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]

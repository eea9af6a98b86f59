# syntax=docker/dockerfile:1
# Utsav for production: the API server (TypeScript run by tsx, exactly as `npm start` runs it) and the built
# web app, as an unprivileged user. compose.yaml runs two of these behind nginx on one PostgreSQL.
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

# ---- 2. The web app: Vite writes apps/web/dist with .br and .gz beside every asset. ----
FROM deps AS web
COPY tsconfig.base.json tsconfig.json ./
COPY packages ./packages
COPY apps/web ./apps/web
RUN npm run build --workspace apps/web

# ---- 3. Runtime dependencies only (tsx and esbuild are runtime dependencies of the server). ----
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
COPY apps/server ./apps/server
COPY apps/web/package.json ./apps/web/package.json
COPY --from=web /app/apps/web/dist ./apps/web/dist
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
CMD ["node", "--import", "tsx", "apps/server/src/main.ts"]

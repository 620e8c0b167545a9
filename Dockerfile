# syntax=docker/dockerfile:1
# The member portal as one image: the web instances, the worker and the migration job all run it (docs/deploy.md).
# The API runs its TypeScript through tsx (a runtime dependency), in one process: node --import tsx.

# Node.js 24, the current LTS: CI runs the suite on it (and a short check on Node 20).
ARG NODE_VERSION=24

# 1. The web app: only the web and contract workspaces' packages (Vite and its plugins), then vite build.
FROM node:${NODE_VERSION}-bookworm-slim AS web
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.base.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/db/package.json packages/db/
RUN npm ci --workspace @portal/web --workspace @portal/contract
COPY packages/contract packages/contract
COPY apps/web apps/web
RUN npm run build:web

# 2. What the server needs at run time: the API's, database's and contract's dependencies and the root's (tsx);
#    no development packages, none of the web app's (it is served built).
FROM node:${NODE_VERSION}-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY packages/db/package.json packages/db/
RUN npm ci --omit=dev --workspace @portal/api --workspace @portal/db --workspace @portal/contract --include-workspace-root \
  && npm cache clean --force

# 3. The image: sources, runtime packages and the built web app, run as the unprivileged `node` user.
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app ./
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY packages/db packages/db
COPY apps/api apps/api
COPY --from=web /app/apps/web/dist apps/web/dist
# DATA_DIR: only used for uploads without STORAGE_URL, or for the embedded database without DATABASE_URL.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The migration job runs the same image with: node --import tsx apps/api/src/migrate.ts
CMD ["node", "--import", "tsx", "apps/api/src/main.ts"]

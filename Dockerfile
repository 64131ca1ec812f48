# syntax=docker/dockerfile:1
#
# One image: the Fastify server (tRPC + the built React app), SQLite on the /data volume.
# No Docker engine runs where this project is built, so `npm run verify:container`
# replays these steps on a clean clone: the .dockerignore'd build context, npm ci,
# build, prune, then this file's runtime COPY/ENV/CMD/HEALTHCHECK. Keep the two in step.
#
# Node 22: Node 20 is past end of life (April 2026), and two production dependencies
# already require Node >= 22 (content-disposition 3 via @fastify/static, cookie 2 via
# fastify's light-my-request). Not Node 24: Prisma 7 + better-sqlite3 12 abort (SIGABRT in
# better-sqlite3's Statement destructor) within seconds of load on Node 24.21. Node 22.23
# passed verify:container and a 50-client load run (60 s and 180 s, no error). Change the
# major only after both pass on the new one (`npm run load -- --app <kept app/> --node <bin>`).
# Every FROM below must name the same major: verify:container checks it against the Node
# it replays with.

# ---- build: install everything, build, then drop the dev dependencies ----
FROM node:22-bookworm-slim AS build

# better-sqlite3 compiles SQLite from source when its prebuilt binary cannot be fetched.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*

# The image's own npm is 10.x, which ignores package.json's `allowScripts` and would run
# every dependency's install script (Prisma's would try to download engines).
# npm 11 runs only the ones allowed there, as on developers' machines.
ARG NPM_VERSION=11.19.1
RUN npm install --global npm@${NPM_VERSION} --no-audit --no-fund

WORKDIR /app

# Dependencies first, so the slow install (better-sqlite3 compiles for 60-90 s) stays
# cached until they change. postinstall generates the Prisma client, so it needs prisma/.
COPY package.json package-lock.json ./
COPY prisma ./prisma
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

COPY . .
RUN npm run build

# `npm prune` does not run postinstall; `npm ci --omit=dev` would, and fail without the
# prisma CLI (a dev dependency). Hence install everything -> build -> prune.
# --omit=optional: the prisma CLI is also an optional peer of @prisma/client, which makes
# --omit=dev alone keep it and its 120-odd packages (over 200 MB of node_modules' ~410).
# No production dependency has optional ones today; verify:container would catch one that
# the server needs. typescript stays: @trpc/* list it as a required peer (types only).
RUN npm prune --omit=dev --omit=optional --no-audit --no-fund

# ---- runtime: production dependencies and the build output, nothing else ----
FROM node:22-bookworm-slim AS runtime

# HOST: the server binds localhost by default, unreachable from outside a container.
# DATABASE_URL: the database lives on the volume, so it outlives the container.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATABASE_URL=file:/data/app.db
# A bounded heap: V8 otherwise grows it under load and keeps it when idle (npm run load
# measured 220 → 400 MiB, staying there; with these limits 245 → 267 → 245 MiB at the
# same throughput). Raise --max-old-space-size if the data a request holds grows. The young
# generation gets 8 MiB semi-spaces: at 2 MiB scavenges ran so often that a no-database call
# cost more CPU (3-8% in alternating short runs, more between two full benchmark runs),
# for no lower RSS (decision 0017).
# AsyncLocalStorage (request scope, transactions, better-auth) on Node 24's implementation:
# on Node 22 it otherwise installs promise hooks that every promise of every request pays
# (a tRPC call +50% per CPU-second with the flag, decision 0017). Drop the flag on Node 24,
# where it is the default.
ENV NODE_OPTIONS="--max-old-space-size=160 --max-semi-space-size=8 --experimental-async-context-frame"
# Two malloc arenas instead of glibc's eight per core: the threads (libuv's pool, V8's GC
# helpers) otherwise each keep freed memory in an arena of their own. About 10 MiB less
# RSS after load (decision 0017).
ENV MALLOC_ARENA_MAX=2

WORKDIR /app

# What the server reads at run time: package.json (app root, version), the schema and
# migrations (applied at start-up), dist/ and node_modules. Owned by root, so the
# process cannot modify its own code.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/prisma ./prisma

# The process runs as the image's unprivileged `node` user (uid 1000), which must own the
# volume to create the database there. A new named volume copies this ownership; a bind
# mount must be writable by uid 1000.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node

# Late, so a new commit rebuilds only the layers below. Shown by system.info; empty
# counts as unset.
ARG APP_COMMIT
ENV APP_COMMIT=${APP_COMMIT}

EXPOSE 3000

# Liveness only (/healthz has no dependencies). Slim images have no curl; Node has fetch.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# Exec form: node is PID 1 and receives SIGTERM itself (a shell would swallow it), so
# close-with-grace drains requests and closes the database. Its limit (SHUTDOWN_TIMEOUT_MS,
# 8 s) stays under `docker stop`'s default grace period (10 s, then SIGKILL): raise
# `--stop-timeout` with it. Backups: `docker exec app node dist/server/db-backup.js <file>`.
CMD ["node", "dist/server/main.js"]

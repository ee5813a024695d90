# syntax=docker/dockerfile:1
# The API server (default command) and the reference chatbot (`npm run chatbot`) in one image.
# Build: docker build -t ordering-platform .   Run: see compose.yaml and README "Packaging".

# Node's Active LTS line (26 since October 2026); CI runs the test suite on it too (.ci/run).
ARG NODE_MAJOR=26

# Production dependencies only. esbuild is one of them (the server is bundled to dist/ below), and tsx (the
# chatbot and the command-line tools run their TypeScript as it is).
# No install scripts: nothing here needs one (PGlite is WebAssembly, esbuild's binary is its own package).
FROM node:${NODE_MAJOR}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_MAJOR}-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/ordering/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
# What is copied is what .dockerignore lets through: package files, tsconfig, src/, chatbot/, the build script.
COPY . .
# The server as one JavaScript bundle, as `npm start` runs it (scripts/build.mjs): no loader at start.
RUN node scripts/build.mjs
# The embedded database's folder (used when DATABASE_URL is not set), owned by the unprivileged user.
# Its lock file lives beside it, in the container's own layer, not in the volume (see CMD).
RUN mkdir -p "$DATA_DIR" && chown -R node:node /var/lib/ordering
VOLUME ["/var/lib/ordering/data"]
USER node
EXPOSE 3000

# Liveness: the process serves. Node's fetch, as the slim image has no curl.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# node itself is PID 1 (exec), not npm: `docker stop`'s SIGTERM reaches the server, which finishes the
# requests in flight and exits 0. The lock is removed first: at a container's start no process of it
# can hold the embedded database, and a lock left by a killed one names a PID that the new process
# (PID 1 again) would take for a live owner.
CMD ["sh", "-c", "rm -f \"$DATA_DIR.lock\" && exec node dist/main.js"]

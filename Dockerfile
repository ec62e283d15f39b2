# The app as one image: the server on :3000 serving the built PWA at / and the API at /api, data in /data.
#   docker build -t adhd-superapp .
#   docker run -p 3000:3000 -v adhd-data:/data adhd-superapp
# Node 22 LTS here; the repository itself targets Node >=20.19 (docs/adr/0004-node20-package-pins.md).

# ---- build: install everything, compile, then drop the dev dependencies --------------------------------
FROM node:22-bookworm-slim AS build
# better-sqlite3 compiles from source when no prebuilt binary can be downloaded.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# node-gyp takes the Node headers shipped in the image instead of downloading them.
ENV npm_config_nodedir=/usr/local
WORKDIR /app

# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci

COPY . .
RUN npm run build && npm prune --omit=dev

# Gather what the runtime needs: manifests, production node_modules (the workspace links included),
# shared/dist, server/dist and client/dist when the client has been built.
RUN mkdir -p /out \
 && cp -a package.json package-lock.json node_modules /out/ \
 && for ws in shared server client; do \
      mkdir -p "/out/$ws" && cp -a "$ws/package.json" "/out/$ws/"; \
      for dir in dist node_modules; do \
        if [ -d "$ws/$dir" ]; then cp -a "$ws/$dir" "/out/$ws/"; fi; \
      done; \
    done

# ---- runtime ------------------------------------------------------------------------------------------------
FROM node:22-bookworm-slim
# Production: the server refuses to start without PUBLIC_URL (the base of links in mails), and only ADMIN_EMAILS
# are admins. Pass both with `-e` or in docker-compose.yml.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# The application files stay owned by root: the server (user node) can read them but write only /data.
COPY --from=build /out/ ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations run inside the server at start.
CMD ["node", "server/dist/server.js"]

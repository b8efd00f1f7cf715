# The app server image (docs/operations.md "Deploying"): the same commands as a one-box install, `npm ci`, `npm run build`,
# `npm run serve`. Not built by CI (no image registry here); compose.yaml runs two of these behind HAProxy.
FROM node:20-bookworm-slim
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
EXPOSE 3000
# npm passes SIGTERM on to node, which drains (SHUTDOWN_DRAIN_MS) before it exits.
STOPSIGNAL SIGTERM
CMD ["npm", "run", "serve"]

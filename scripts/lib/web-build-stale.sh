#!/usr/bin/env bash
# Exits 0 when the storefront build is missing or older than any of its sources, 1 when it is
# up to date. The server bundle is the build's newest whole output, so its time stamps the build.
cd "$(dirname "$0")/../.."
stamp=apps/web/build/server/index.js
[ -f "$stamp" ] || exit 0
sources=(apps/web/app apps/web/public apps/web/package.json packages/domain/src)
sources+=(apps/web/*.ts)
newer=$(find "${sources[@]}" -newer "$stamp" -type f -print -quit 2>/dev/null)
[ -n "$newer" ]

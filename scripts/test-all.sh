#!/usr/bin/env bash
# The whole suite: lint, typecheck, the build users run (`pnpm build`), unit + integration tests on
# PGlite, the integration tests again on a real PostgreSQL server, then the browser tests. Every test
# that starts a server process (Playwright, start-up.test.ts, bundle-e2e.test.ts) runs the built
# bundle, apps/server/dist/main.js, as `pnpm start` does; vitest runs the sources in-process. Installs Chromium, ffmpeg and
# PostgreSQL from Debian's packages when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1 COREPACK_INTEGRITY_KEYS=0
# The live register is the server's default; every server a test starts stays offline unless the
# test gives it a local stand-in.
export TGA_BASE_URL=off
root=$(pwd)
reports="$root/.tmp/test-reports"
rm -rf "$reports" && mkdir -p "$reports"

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=0
apt_install() {
  [ $apt_updated = 1 ] || { as_root apt-get update -qq; apt_updated=1; }
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# Each step ends with how long it took, so a slow run shows where its time went.
step_name='' step_start=$SECONDS
step_took() { [ -z "$step_name" ] || printf '(%s: %ss)\n' "$step_name" $((SECONDS - step_start)); }
step() { step_took; step_name=$* step_start=$SECONDS; printf '\n==> %s\n' "$*"; }

step "System packages"
command -v chromium >/dev/null || { echo "installing chromium"; apt_install chromium; }
# Video evidence processing (posters, H.264 copies) and its tests.
command -v ffmpeg >/dev/null || { echo "installing ffmpeg"; apt_install ffmpeg; }
# The assessment record PDF is read back as text by the bundle's end-to-end test.
command -v pdftotext >/dev/null || { echo "installing poppler-utils"; apt_install poppler-utils; }
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  echo "installing postgresql"
  apt_install postgresql
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi
echo "chromium: $(command -v chromium); ffmpeg: $(command -v ffmpeg); pdftotext: $(command -v pdftotext); postgres: $pg_bin"

step "Lint"
pnpm -s lint

step "Typecheck"
pnpm -s typecheck

step "Build (the web app and the server bundle)"
pnpm -s build

step "Unit and integration tests (PGlite)"
pnpm -s exec vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest-pglite.json"

step "Integration tests on PostgreSQL"
pg_dir=$(mktemp -d /tmp/evident-pg.XXXXXX)
pg_port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
run_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$pg_dir"
stop_pg() { run_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$pg_dir"; }
trap stop_pg EXIT
run_pg "$pg_bin/initdb" -D "$pg_dir/data" -U postgres --auth=trust >/dev/null
run_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w \
  -o "-p $pg_port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$pg_dir -c fsync=off" start >/dev/null
echo "postgres listening on 127.0.0.1:$pg_port"
# Only the server tests whose run depends on TEST_DATABASE_URL; the rest would repeat their PGlite run.
pg_list=$(node scripts/postgres-test-files.mjs)
mapfile -t pg_files <<<"$pg_list"
echo "${#pg_files[@]} test files use the database"
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/postgres" \
  pnpm -s exec vitest run "${pg_files[@]}" --reporter=default --reporter=json --outputFile.json="$reports/vitest-postgres.json"
stop_pg
trap - EXIT

step "Browser tests (Playwright, Debian Chromium)"
pnpm -s --filter @evident/web exec playwright test --reporter=list 2>&1 | tee "$reports/playwright.log" \
  || { node scripts/test-summary.mjs "$reports" || true; exit 1; }

step_took
node scripts/test-summary.mjs "$reports"

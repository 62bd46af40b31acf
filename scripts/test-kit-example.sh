#!/usr/bin/env bash
# The kit as an integrator gets it: packed, installed from its tarball into a clean copy of
# kit/example (nothing there points back into this repository), typechecked, and its tests run.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
started=$(date +%s)
npm run build:kit --silent
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd kit && npm pack --silent --pack-destination "$work" >/dev/null)
mv "$work"/loyalty-terminal-playwright-*.tgz "$work/loyalty-terminal-playwright.tgz"
mkdir "$work/example"
cp -r kit/example/package.json kit/example/playwright.config.ts kit/example/tsconfig.json kit/example/tests "$work/example/"
cd "$work/example"
npm install --silent --no-audit --no-fund --prefer-offline
npx tsc -p .
# The example's own config, with a JSON report beside its list for the run's closing count
# (scripts/test-summary.mjs); written here, after the typecheck, so the integrator's files stay theirs.
mkdir -p "$repo/test-results"
cat > playwright.count.config.ts <<CONFIG
import config from './playwright.config';
export default { ...config, reporter: [['list'], ['json', { outputFile: '$repo/test-results/kit-example.json' }]] };
CONFIG
npx playwright test -c playwright.count.config.ts
echo "kit example: packed, installed and passed in $(( $(date +%s) - started )) s"

#!/usr/bin/env bash
# Before a commit: the same lint and typecheck CI runs.
set -euo pipefail
npx eslint . --max-warnings 0
npx tsc -b

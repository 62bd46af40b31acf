import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { buildOpenApiDocument } from '../src/simulator/openapi/document';

/**
 * `npm run openapi -- <file.json>`: writes the Loyalty API's OpenAPI document, the one the simulator
 * serves at /_simulator/openapi.json, to a file (for packaging: a kit ships it beside the simulator).
 */
const [file] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: npm run openapi -- <file.json>\n');
  process.exit(1);
}
const path = resolve(file);
mkdirSync(dirname(path), { recursive: true });
writeFileSync(path, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
process.stdout.write(`OpenAPI document written to ${path}\n`);

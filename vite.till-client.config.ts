import { defineConfig } from 'vite';

/**
 * The host client as a till imports it: one ES module with no dependencies, at a stable path
 * (dist/till-client/till-client.js, its types beside it), built after the terminal.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist/till-client',
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    lib: { entry: 'src/till-client/index.ts', formats: ['es'], fileName: () => 'till-client.js' },
  },
  plugins: [
    {
      name: 'till-client-types-entry',
      generateBundle() {
        // tsc -p tsconfig.till-client.json writes index.d.ts and protocol.d.ts; this names them for the .js.
        this.emitFile({ type: 'asset', fileName: 'till-client.d.ts', source: "export * from './index.js';\n" });
      },
    },
  ],
});

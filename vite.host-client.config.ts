import { defineConfig } from 'vite';

/**
 * The host client as a till imports it: one ES module with no dependencies, at a stable path
 * (dist/host-client/host-client.js, its types beside it), built after the terminal.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist/host-client',
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    lib: { entry: 'src/host-client/index.ts', formats: ['es'], fileName: () => 'host-client.js' },
  },
  plugins: [
    {
      name: 'host-client-types-entry',
      generateBundle() {
        // tsc -p tsconfig.host-client.json writes index.d.ts and protocol.d.ts; this names them for the .js.
        this.emitFile({ type: 'asset', fileName: 'host-client.d.ts', source: "export * from './index';\n" });
      },
    },
  ],
});

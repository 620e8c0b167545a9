import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type PluginOption } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// `ANALYZE=1 npm run build:web` writes dist-stats/bundle.html: what each chunk holds, with gzip sizes.
const analyze = process.env.ANALYZE === '1';

// React Router 7 publishes only its development build through package exports (remix-run/react-router#12532,
// #14102): dev warnings and checks that double its size. The production build sits beside it; use it when building.
const reactRouterProduction = path.join(
  path.dirname(path.dirname(createRequire(import.meta.url).resolve('react-router'))),
  'production/index.mjs',
);

export default defineConfig(({ mode }) => ({
  resolve: mode === 'production' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  plugins: [
    react(),
    // Brotli and gzip copies of every text asset, made once at build time; the server sends the one the
    // browser accepts (decision 033).
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt|map)$/,
      threshold: 512,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
    }),
    analyze && (visualizer({ filename: 'dist-stats/bundle.html', gzipSize: true, brotliSize: true }) as PluginOption),
    analyze && (visualizer({ filename: 'dist-stats/bundle.json', template: 'raw-data', gzipSize: true }) as PluginOption),
  ],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // The server finds the sign-in page's script by the manifest (decision 042).
    manifest: true,
    rollupOptions: {
      input: { main: 'index.html', 'sign-in': 'src/sign-in.ts' },
      // Small shared chunks are merged (Rollup keeps each entry's side effects): the dashboard came in 24 requests,
      // which a phone on HTTP/1.1 fetches six at a time; now 3 (decision 043).
      output: { experimentalMinChunkSize: 20_000 },
    },
  },
}));

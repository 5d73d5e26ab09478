import { cloudflare } from '@cloudflare/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// @ts-expect-error: a plain ES module script without type declarations.
import { localPepper } from './scripts/local-pepper.mjs';

// `vite` (npm run dev) runs the Worker and the SPA together with hot reload through the
// Cloudflare plugin; `vite build` writes the SPA to dist/client and the Worker beside it.
// TanStack Router generates src/routeTree.gen.ts from src/routes and splits each route's code.
export default defineConfig(({ command }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts' }),
    react(),
    cloudflare({
      configPath: './wrangler.toml',
      // The dev server is local development: the dev routes are on and uploads get a local key.
      config:
        command === 'serve'
          ? { vars: { ENVIRONMENT: 'development', SIGNING_SECRET: 'local-development-signing-key', PASSWORD_PEPPER: localPepper('.wrangler/state') } }
          : undefined,
    }),
  ],
}));

import { cloudflare } from '@cloudflare/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `vite` (npm run dev) runs the Worker and the SPA together with hot reload through the
// Cloudflare plugin; `vite build` writes the SPA to dist/client for Workers Static Assets.
export default defineConfig({
  plugins: [react(), cloudflare({ configPath: './wrangler.toml' })],
});

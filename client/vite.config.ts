import path from 'node:path';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  resolve: { conditions: ['source'] },
  plugins: [
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui({ configPath: path.join(import.meta.dirname, 'lingui.config.ts') }),
    tailwindcss(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false, // registered by src/app/service-worker.ts with workbox-window
      manifest: {
        name: 'ADHD SuperApp',
        short_name: 'SuperApp',
        description: 'Tasks, habits, notes and calendar that work offline — built for ADHD brains.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: '#6200EA',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,ico,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/brainrot\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        // Static routes for the hashed assets (public/sw-routes.js).
        importScripts: ['/sw-routes.js'],
      },
    }),
  ],
  server: { proxy: { '/api': { target: API, changeOrigin: false } } },
  // The server swaps this placeholder for a fresh nonce in every index.html it serves (CSP for the <style>
  // elements that Radix's scroll lock injects at run time).
  html: { cspNonce: 'CSP_NONCE_PLACEHOLDER' },
  build: { target: 'es2022', sourcemap: false },
});

import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { cataloguePlugin } from './build/catalogue.ts';
import { axiosWithoutFetchPlugin } from './build/axios-browser.ts';
import { layoutChunkPlugin } from './build/layout-chunk.ts';
import { precompressPlugin } from './build/precompress.ts';

// The built app calls its own origin. Under `npm run preview` that origin is Vite's preview server,
// so it passes the API's paths on to the API server (`npm start`, or `npm run dev`'s API).
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:4000';
const previewProxy: Record<string, ProxyOptions> = {
  '^/(api|register|carsSchema|ownerloginSchema|get-cars|get-car|add-cars|edit-cars|delete-cars|uploads)(/|$)': {
    target: apiTarget,
  },
  // The sign-in page posts to `/`, where a GET is the app's own page.
  '^/$': { target: apiTarget, bypass: (request) => (request.method === 'POST' ? undefined : '/index.html') },
};

const page = (name: string) => `src/pages/${name}.tsx`;

export default defineConfig({
  plugins: [
    react(),
    cataloguePlugin(),
    axiosWithoutFetchPlugin(),
    layoutChunkPlugin({
      layout: 'src/app/Layout.tsx',
      // The public pages in the layout, which have JavaScript budgets (bench/budgets.ts lists their addresses).
      sharedBy: {
        layout: [
          'HomePage',
          'AboutPage',
          'CarsPage',
          'BlogsPage',
          'ContactPage',
          'CarDetailPage',
          'BlogDetailPage',
          'PrivacyPage',
          'TermsPage',
        ].map(page),
        'sign-in': ['LoginPage', 'SignupPage', 'ForgotPasswordPage', 'StartPage'].map(page),
      },
      apart: [page('LandingPage')],
    }),
    precompressPlugin(),
  ],
  resolve: {
    alias: [
      {
        find: /^resize-observer-polyfill$/,
        replacement: fileURLToPath(new URL('./src/lib/native-resize-observer.ts', import.meta.url)),
      },
    ],
  },
  server: { port: 5173 },
  preview: { port: 4173, proxy: previewProxy },
  // .vite/manifest.json: the prerender (build/prerender.ts) reads which chunks each page's screens need.
  build: { manifest: true },
});

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_ORIGIN = 'http://127.0.0.1:8080';
const proxy = {
  '/api': API_ORIGIN,
  '/dev-auth': API_ORIGIN,
  '/razorpay-emulator': API_ORIGIN,
};

// The landing page's first chunk holds only the shell and the hero; sections, dashboards, legal pages and
// Firebase are dynamic imports. React and the router sit in their own long-cached vendor chunk.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react-vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});

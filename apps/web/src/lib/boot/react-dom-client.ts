// React DOM's client, initialised where this module is evaluated. react-dom/client is CommonJS: the bundle
// wraps it in a function that runs, compiled on first use, where an ES module first imports it. Imported by
// main.tsx directly, that was the entry's own evaluation, already one long task; this module sits in the
// React vendor chunk (vite.config.ts), which index.html's boot script runs as a task of its own before the
// entry (decision 1113).
export { createRoot } from 'react-dom/client';

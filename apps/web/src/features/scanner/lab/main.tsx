import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ensureAreas } from '../../../lib/i18n/areas';
import { applyLanguage, preferredLanguage } from '../../../lib/i18n/language';
import '../../../styles.css';
import { ScannerLab } from './scanner-lab';

// Test-only page (scanner-lab.html): the engine without the server, so a browser test can prove what the
// camera, the decoder and the scan timing do on their own.
const root = document.getElementById('root');
if (!root) throw new Error('scanner-lab.html has no #root element');

// The lab is built without the app's Vite config, so nothing loads the scanner's catalog area for it: the
// page renders once its words are in, as the app's lazy scanner chunk does, in the reader's language (the
// app's rule: the saved choice, else the browser's languages).
void ensureAreas(['scanner'])
  .then(() => applyLanguage(preferredLanguage(), { remember: false }))
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <ScannerLab />
      </StrictMode>,
    ),
  );

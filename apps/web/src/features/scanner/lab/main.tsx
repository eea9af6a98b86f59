import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../../styles.css';
import { ScannerLab } from './scanner-lab';

// Test-only page (scanner-lab.html): the engine without the server, so a browser test can prove what the
// camera, the decoder and the scan timing do on their own.
const root = document.getElementById('root');
if (!root) throw new Error('scanner-lab.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <ScannerLab />
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyLanguage, preferredLanguage } from './lib/i18n/language';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

function render() {
  createRoot(root!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// English is built in, so it renders at once; Hindi or Gujarati first loads its small catalog, so the app
// never flashes English at someone who reads another language. A catalog that fails to load leaves English.
const language = preferredLanguage();
if (language === 'en') {
  document.documentElement.lang = 'en';
  render();
} else {
  applyLanguage(language, { remember: false })
    .catch(() => undefined)
    .finally(render);
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyLanguage, bootLanguage } from './lib/i18n/language';
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

// index.html's boot script has chosen the language and painted that language's pre-rendered first screen.
// English is built in, so it renders at once; Hindi or Gujarati first loads its first-screen catalog (one
// small chunk), so React's first render replaces the pre-rendered screen with the same words, never with
// English. A catalog that fails to load leaves English.
const language = bootLanguage();
if (language === 'en') {
  document.documentElement.lang = 'en';
  render();
} else {
  applyLanguage(language, { remember: false })
    .catch(() => {
      document.documentElement.lang = 'en';
    })
    .finally(render);
}

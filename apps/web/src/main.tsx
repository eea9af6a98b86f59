import { StrictMode, startTransition } from 'react';
import { App } from './app/app';
import { appRouter } from './app/router';
import { inNextTask } from './lib/boot/next-task';
import { createRoot } from './lib/boot/react-dom-client';
import { applyLanguage, bootLanguage, setDocumentLanguage } from './lib/i18n/language';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The start-up's steps run as tasks of their own (a tap in between is handled at once, decision 1113): the
// router's creation (it matches the address and starts the first navigation), then the React root. The first
// render is a transition: React renders the app in slices of a few milliseconds, yielding to the browser
// between them, instead of one long task a phone spends seconds in (the pre-rendered screen stays up
// meanwhile, as React swaps it out only on commit).
function render() {
  inNextTask(() => {
    appRouter();
    inNextTask(() => {
      const reactRoot = createRoot(root!);
      startTransition(() => {
        reactRoot.render(
          <StrictMode>
            <App />
          </StrictMode>,
        );
      });
    });
  });
}

// index.html's boot script has chosen the language and painted that language's pre-rendered first screen.
// English is built in, so it renders at once; Hindi or Gujarati first loads its first-screen catalog (one
// small chunk), so React's first render replaces the pre-rendered screen with the same words, never with
// English. A catalog that fails to load leaves English.
const language = bootLanguage();
if (language === 'en') {
  setDocumentLanguage('en');
  render();
} else {
  applyLanguage(language, { remember: false })
    .catch(() => setDocumentLanguage('en'))
    .finally(render);
}

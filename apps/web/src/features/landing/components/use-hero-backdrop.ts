import { useEffect } from 'react';

/**
 * Puts the hero's backdrop in place when the document does not paint it: an installed app's start page's
 * document (build/start-page-documents.ts) carries it as an inert template, so its images load only if the
 * app goes to the landing page.
 */
function placeHeroBackdrop(): void {
  if (document.getElementById('hero-backdrop')) return;
  const template = document.getElementById('hero-backdrop-template');
  if (template instanceof HTMLTemplateElement) document.body.prepend(template.content.cloneNode(true));
}

/**
 * Shows index.html's #hero-backdrop (the mandala and lanterns behind the hero) while the landing page is
 * mounted. The boot script sets the same flag from the first URL; this keeps it right as the app navigates.
 */
export function useHeroBackdrop(): void {
  useEffect(() => {
    placeHeroBackdrop();
    const html = document.documentElement;
    html.dataset.landing = 'yes';
    return () => {
      html.dataset.landing = 'no';
    };
  }, []);
}

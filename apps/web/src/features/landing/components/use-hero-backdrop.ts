import { useEffect } from 'react';

/**
 * Shows index.html's #hero-backdrop (the mandala and lanterns behind the hero) while the landing page is
 * mounted. The boot script sets the same flag from the first URL; this keeps it right as the app navigates.
 */
export function useHeroBackdrop(): void {
  useEffect(() => {
    const html = document.documentElement;
    html.dataset.landing = 'yes';
    return () => {
      html.dataset.landing = 'no';
    };
  }, []);
}

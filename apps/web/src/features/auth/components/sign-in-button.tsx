import { AUTH_BANNER_MS } from '@utsav/domain/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { GoogleIcon } from '../../../ui/google-icon';
import { useAuth } from '../context/auth-context';
import type { BackendUser } from '../types';
import { buttonMessage } from '../utils/sign-in-messages';

/** The header's 'Sign In with Google' with its own short-lived message under it (guest-side §8). */
export function HeaderSignInButton({ onSignedIn }: { onSignedIn?: (user: BackendUser) => void }) {
  const { t } = useTranslation();
  const { signIn, signingIn } = useAuth();
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), AUTH_BANNER_MS);
    return () => clearTimeout(timer);
  }, [message]);

  async function handleClick() {
    setMessage(null);
    try {
      const user = await signIn('header');
      onSignedIn?.(user);
    } catch (failure) {
      setMessage(buttonMessage(failure));
    }
  }

  return (
    <div className="relative">
      <Button
        variant="secondary"
        size="sm"
        onClick={handleClick}
        loading={signingIn}
        icon={<GoogleIcon size={16} />}
        className="bg-cream! text-ink! border-transparent! hover:bg-white!"
      >
        <span className="hidden min-[360px]:inline">{t('auth.signInWithGoogle')}</span>
        <span className="min-[360px]:hidden">{t('auth.signIn')}</span>
      </Button>
      {message ? (
        <p
          role="alert"
          className="absolute top-full right-0 mt-2 w-64 rounded-lg border border-rose-300/40 bg-maroon-950 px-3 py-2 text-sm text-rose-100 shadow-lg"
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}

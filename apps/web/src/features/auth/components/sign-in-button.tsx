import { AUTH_BANNER_MS } from '@utsav/domain/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../ui/button';
import { GoogleIcon } from '../../../ui/google-icon';
import { Spinner } from '../../../ui/spinner';
import { useAuth } from '../context/auth-context';
import type { BackendUser } from '../types';
import { buttonMessage } from '../utils/sign-in-messages';

const HEADER_BUTTON_CLASSES = 'bg-cream! text-ink! border-transparent! hover:bg-white!';

function SignInLabel() {
  const { t } = useTranslation();
  return (
    <>
      <span className="hidden min-[360px]:inline">{t('auth.signInWithGoogle')}</span>
      <span className="min-[360px]:hidden">{t('auth.signIn')}</span>
    </>
  );
}

/**
 * The spinner shown while the account loads, in a box the size of the sign-in button that usually replaces
 * it, so the header's language switcher (to its left, the bar aligned to the end) does not jump when the
 * visitor turns out signed out (it was the landing page's largest layout shift).
 */
export function HeaderSignInPlaceholder({ label }: { label: string }) {
  return (
    <span className="relative inline-flex">
      <span aria-hidden="true" className={`invisible ${buttonClasses('secondary', 'sm')}`}>
        <GoogleIcon size={16} />
        <SignInLabel />
      </span>
      <span className="absolute inset-0 flex items-center justify-center text-gold-200">
        <Spinner label={label} />
      </span>
    </span>
  );
}

/** The header's 'Sign In with Google' with its own short-lived message under it (docs/product.md#sign-in). */
export function HeaderSignInButton({ onSignedIn }: { onSignedIn?: (user: BackendUser) => void }) {
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
        className={HEADER_BUTTON_CLASSES}
      >
        <SignInLabel />
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

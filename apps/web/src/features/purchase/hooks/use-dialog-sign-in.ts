import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { toastTarget } from '../../../ui/toast';
import { signInMessage } from '../checkout/purchase-messages';

/** Signing in from the dialog: whether it is under way, and a failure said in the dialog's own toaster. */
export function useDialogSignIn(onSignIn: () => Promise<unknown>) {
  const { t } = useTranslation();
  const [signingIn, setSigningIn] = useState(false);

  async function signIn() {
    setSigningIn(true);
    try {
      await onSignIn();
    } catch (error) {
      toast.error(signInMessage(error, t), toastTarget());
    } finally {
      setSigningIn(false);
    }
  }

  return { signingIn, signIn };
}

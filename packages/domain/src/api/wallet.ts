import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { GOOGLE_WALLET_SAVE_URL } from '../wallet';

// The answer of a wallet pass link. Unlike the other answers this one checks a value: the web sends the person
// to this URL, so it must be Google's save page and nothing else.

/** GET /tickets/{id}/wallet/google. */
export const googleWalletLinkResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    url: z.string().refine((url) => url.startsWith(GOOGLE_WALLET_SAVE_URL), 'not a Google Wallet link'),
  }),
);

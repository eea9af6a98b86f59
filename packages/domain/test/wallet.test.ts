import { describe, expect, it } from 'vitest';
import { canAddToWallet, googleWalletLinkSchema } from '../src/wallet';

describe('wallet rules', () => {
  it('only an active ticket can be added to a wallet', () => {
    expect(canAddToWallet({ status: 'active' })).toBe(true);
    for (const status of ['used', 'cancelled', 'transferred']) expect(canAddToWallet({ status })).toBe(false);
  });

  it("the Google link answer must point at Google's save page", () => {
    expect(googleWalletLinkSchema.safeParse({ url: 'https://pay.google.com/gp/v/save/abc' }).success).toBe(
      true,
    );
    expect(googleWalletLinkSchema.safeParse({ url: 'https://evil.example/gp/v/save/abc' }).success).toBe(
      false,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { googleWalletLinkResponseSchema } from '../src/api/wallet';
import { canAddToWallet } from '../src/wallet';

describe('wallet rules', () => {
  it('only an active ticket can be added to a wallet', () => {
    expect(canAddToWallet({ status: 'active' })).toBe(true);
    for (const status of ['used', 'cancelled', 'transferred']) expect(canAddToWallet({ status })).toBe(false);
  });

  it("the Google link answer must point at Google's save page", () => {
    const answer = (url: string) => googleWalletLinkResponseSchema.safeParse({ success: true, url }).success;
    expect(answer('https://pay.google.com/gp/v/save/abc')).toBe(true);
    expect(answer('https://evil.example/gp/v/save/abc')).toBe(false);
  });
});

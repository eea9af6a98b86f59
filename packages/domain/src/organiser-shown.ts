// What pages show of the organiser, without zod: the footer on the landing page's first screen shows it, and
// that screen ships no zod (see organiser.ts for the profile's schema).

export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'youtube', 'x', 'whatsapp', 'website'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type SocialLinks = Partial<Record<SocialNetwork, string>>;

/** An https address with a host and no user name or password in it: what a guest can safely be sent to. */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The links that are set, in the one order every page shows them. */
export function socialLinksShown(links: SocialLinks): Array<{ network: SocialNetwork; url: string }> {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = links[network];
    return url && isHttpsUrl(url) ? [{ network, url }] : [];
  });
}

/** The name documents are issued in: the legal name when one is given, else the name guests know. */
export function legalNameOf(organiser: { name: string; legalName: string | null }): string {
  return organiser.legalName ?? organiser.name;
}

import { type Organiser, SOCIAL_NETWORKS, type SocialLinks } from '@utsav/domain/organiser';
import type { OrganiserTable } from '../../platform/db/schema';

/** `logoUrl` turns the stored picture's id into the URL it is served from (the event's pictures' route). */
export function toOrganiser(row: OrganiserTable, logoUrl: (imageId: string) => string): Organiser {
  return {
    name: row.name,
    tagline: row.tagline,
    supportEmail: row.support_email,
    supportPhone: row.support_phone,
    supportHours: row.support_hours,
    socialLinks: parseLinks(row.social_links),
    logo: row.logo_image_id ? logoUrl(row.logo_image_id) : null,
    legalName: row.legal_name,
    address: row.address,
  };
}

function parseLinks(json: string): SocialLinks {
  const value: unknown = JSON.parse(json);
  const links: SocialLinks = {};
  if (!value || typeof value !== 'object') return links;
  for (const network of SOCIAL_NETWORKS) {
    const url = (value as Record<string, unknown>)[network];
    if (typeof url === 'string' && url) links[network] = url;
  }
  return links;
}

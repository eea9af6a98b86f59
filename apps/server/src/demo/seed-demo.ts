import { randomUUID } from 'node:crypto';
import { rupeesToPaise } from '@utsav/domain/pricing';
import { addDays, istDate } from '@utsav/domain/time';
import { newQrKeyColumns } from '../modules/event/keys';
import { type Db, transaction } from '../platform/db/database';
import { DEMO_ACCOUNTS } from '../platform/demo-accounts';
import { findCurrentEvent, insertEvent } from '../stores/events';
import { findOrganiserRow, ORGANISER_ROW_ID, saveOrganiserRow } from '../stores/organiser';
import { insertUserIfAbsent } from '../stores/users';

const WEEKS_AHEAD = 6;

/** The demo's organiser: a made-up company for local runs. A real install fills in its own profile. */
export const DEMO_ORGANISER = {
  name: 'Utsav Events',
  // None of its own: the landing hero then shows the product's words, in the reader's language.
  tagline: null,
  supportEmail: 'support@utsav-garba.in',
  supportHours: '10:00-20:00, Monday to Saturday',
  socialLinks: { instagram: 'https://www.instagram.com/' },
} as const;

/**
 * A fresh local install gets something to look at and one account per role. Users are added when their
 * email is absent (a role changed later is kept); the organiser profile and the (published) event only while
 * there are none.
 */
export async function seedDemo(db: Db, now: Date): Promise<void> {
  const stamp = now.toISOString();
  await transaction(db, async (trx) => {
    for (const account of DEMO_ACCOUNTS) {
      await insertUserIfAbsent(trx, {
        id: randomUUID(),
        firebase_uid: null,
        email: account.email,
        name: account.name,
        photo_url: account.picture ?? null,
        phone: null,
        role: account.role,
        created_at: stamp,
        updated_at: stamp,
        last_login_at: null,
      });
    }
    if (!(await findOrganiserRow(trx))) {
      await saveOrganiserRow(trx, {
        id: ORGANISER_ROW_ID,
        name: DEMO_ORGANISER.name,
        tagline: DEMO_ORGANISER.tagline,
        support_email: DEMO_ORGANISER.supportEmail,
        support_phone: null,
        support_hours: DEMO_ORGANISER.supportHours,
        social_links: JSON.stringify(DEMO_ORGANISER.socialLinks),
        logo_image_id: null,
        legal_name: null,
        address: null,
        updated_by: null,
        updated_at: stamp,
      });
    }
    if (await findCurrentEvent(trx)) return;
    await insertEvent(trx, {
      id: randomUUID(),
      name: 'Utsav Garba Night',
      sales_open_at: null,
      venue: 'NSCI Dome, Worli, Mumbai',
      description:
        'A Pre-Navratri night of Garba and Raas with a live dhol ensemble and folk singers. Come in chaniya choli or kediyu, bring your dandiya and dance till late.',
      date: addDays(istDate(now), WEEKS_AHEAD * 7),
      start_time: '19:00',
      end_time: '23:30',
      ticket_price_paise: rupeesToPaise(299),
      group_price4_paise: rupeesToPaise(249),
      total_tickets: 500,
      image_id: null,
      reentry_allowed: 0,
      ...newQrKeyColumns(),
      features: JSON.stringify([
        'Live dhol and folk singers',
        'Garba and Dandiya Raas',
        'Best-dressed prizes',
        'Gujarati food stalls',
        'Free dandiya sticks at the gate',
      ]),
      about_text:
        'Utsav brings the neighbourhood Garba to the heart of Mumbai: one evening, one big circle, everyone welcome. Beginners can join the warm-up circle at 19:00 before the main rounds begin.',
      published_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    });
  });
}

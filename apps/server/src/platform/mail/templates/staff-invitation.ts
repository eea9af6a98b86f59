import type { InvitableRole } from '@utsav/domain/staff-invitations';
import { type Translate, translator } from '../../i18n/messages';
import type { MailMessage, Recipient } from '../message';
import { html, subjectLine } from './html';
import {
  button,
  emailLayout,
  type FromOrganiser,
  greeting,
  languageOf,
  notice,
  paragraph,
  textBody,
} from './layout';

// The invitation to join the staff (docs/product.md#staff-invitations), in the language the inviter chose.

export interface StaffInvitationEmailInput extends FromOrganiser {
  to: Recipient;
  role: InvitableRole;
  inviterName: string;
  /** What the team runs: the organiser's name, else the event's. */
  teamName: string;
  /** Where to sign in. */
  signInUrl: string;
}

function roleDescription(role: InvitableRole, t: Translate): string {
  switch (role) {
    case 'admin':
      return t('an administrator, who runs the event, its staff and its money');
    case 'manager':
      return t('a manager, who looks after tickets, guests, refunds and the gate');
    case 'qrchecker':
      return t('a gate volunteer, who scans tickets at the entrance');
  }
}

export function staffInvitationEmail(input: StaffInvitationEmailInput): MailMessage {
  const language = languageOf(input.to);
  const t = translator(language);
  const subject = subjectLine(
    t('{{inviter}} invited you to help run {{team}}', { inviter: input.inviterName, team: input.teamName }),
  );
  const intro = t('{{inviter}} has invited you to join {{team}} as {{role}}.', {
    inviter: input.inviterName,
    team: input.teamName,
    role: roleDescription(input.role, t),
  });
  const how = t('Sign in with Google using this address ({{email}}): your role is ready the moment you do.', {
    email: input.to.email,
  });
  const ignore = t('Did not expect this? Ignore this email: nothing happens unless you sign in.');
  return {
    to: input.to,
    subject,
    html: emailLayout({
      subject,
      preheader: how,
      heading: t('You are invited to the team'),
      body: html`${paragraph(greeting(input.to, t))}
${paragraph(intro)}
${paragraph(how)}
${button(input.signInUrl, t('Sign in'))}
${notice(ignore)}`,
      language,
      organiser: input.organiser,
    }),
    text: textBody(
      [greeting(input.to, t), intro, how, `${t('Sign in')}: ${input.signInUrl}`, ignore],
      language,
      input.organiser,
    ),
    attachments: [],
  };
}

import type { AuditEntry, AuditFactView } from '@utsav/domain/api/audit';
import {
  AUDIT_NO,
  AUDIT_YES,
  type AuditFact,
  type AuditFactRefs,
  type AuditValue,
  auditActionLabel,
  auditEntityLabel,
  auditFactRefs,
  auditFacts,
} from '@utsav/domain/audit-actions';
import { INTL_LOCALES, type Language } from '@utsav/domain/languages';
import { formatRupees, paiseToRupees } from '@utsav/domain/pricing';
import { typeName } from '@utsav/domain/ticket-types';
import { formatClockTime, formatEventDate } from '@utsav/domain/time';
import type { Db } from '../../platform/db/database';
import { msg, renderMessage } from '../../platform/i18n/messages';
import { type AuditPageRow, auditNames } from './repo';

// A page of the log as an admin reads it, in their language: each action by its label, what it is about by
// name (a ticket by its code, a person by name and email), and what it recorded as labelled facts with amounts
// in rupees, instants in IST and the people and ticket types it names looked up once for the whole page.

interface Names {
  people: Map<string, string>;
  types: Map<string, string>;
  tickets: Map<string, string>;
}

export async function presentAuditPage(
  db: Db,
  rows: readonly AuditPageRow[],
  language: Language,
): Promise<AuditEntry[]> {
  const read = rows.map((row) => ({ row, data: dataOf(row.data) }));
  const facts = read.map(({ row, data }) => auditFacts(row.action, data));
  const refs: AuditFactRefs = { userIds: new Set(), typeIds: new Set(), ticketIds: new Set() };
  for (const [index, { row }] of read.entries()) {
    auditFactRefs(facts[index]!, refs);
    if (row.entity_id === null) continue;
    if (row.entity === 'ticket') refs.ticketIds.add(row.entity_id);
    else if (row.entity === 'user') refs.userIds.add(row.entity_id);
    else if (row.entity === 'ticket_type') refs.typeIds.add(row.entity_id);
  }
  const found = await auditNames(db, refs);
  const names: Names = {
    people: new Map(found.users.map((user) => [user.id, `${user.name} (${user.email})`])),
    types: new Map(
      found.types.map((type) => [
        type.id,
        typeName({ name: type.name, nameHi: type.name_hi, nameGu: type.name_gu }, language),
      ]),
    ),
    tickets: new Map(found.tickets.map((ticket) => [ticket.id, ticket.ticket_code])),
  };
  const say = (english: string) => renderMessage(english, language);
  return read.map(({ row, data }, index) => ({
    id: row.id,
    at: row.created_at,
    action: row.action,
    label: say(auditActionLabel(row.action) ?? row.action),
    entity: row.entity,
    entityId: row.entity_id,
    about: aboutOf(row, names, say),
    actor:
      row.actor_user_id === null
        ? null
        : { id: row.actor_user_id, name: row.actor_name ?? '', email: row.actor_email ?? '' },
    facts: facts[index]!.map((fact) => factView(fact, names, language)),
    data,
  }));
}

function aboutOf(row: AuditPageRow, names: Names, say: (english: string) => string): string {
  const kind = say(auditEntityLabel(row.entity));
  if (row.entity_id === null) return kind;
  const named =
    (row.entity === 'ticket' && names.tickets.get(row.entity_id)) ||
    (row.entity === 'user' && names.people.get(row.entity_id)) ||
    (row.entity === 'ticket_type' && names.types.get(row.entity_id));
  return named ? `${kind}: ${named}` : kind;
}

function factView(fact: AuditFact, names: Names, language: Language): AuditFactView {
  const label = renderMessage(fact.label, language);
  if (fact.value.kind === 'group') {
    return {
      key: fact.key,
      label,
      value: '',
      parts: fact.value.fields.map((part) => ({
        key: part.key,
        label: renderMessage(part.label, language),
        value: written(part.value, names, language),
      })),
    };
  }
  return { key: fact.key, label, value: written(fact.value, names, language) };
}

/** One value in words; a person, type or ticket no longer found is shown by its id. */
function written(value: AuditValue, names: Names, language: Language): string {
  const locale = INTL_LOCALES[language];
  switch (value.kind) {
    case 'text':
      return value.text;
    case 'word':
      return renderMessage(value.text, language);
    case 'money':
      return formatRupees(paiseToRupees(value.paise));
    case 'count':
      return value.value.toLocaleString('en-IN');
    case 'yes-no':
      return renderMessage(value.value ? AUDIT_YES : AUDIT_NO, language);
    case 'instant':
      return renderMessage(msg('{{when, istDateTime}}', { when: new Date(value.iso) }), language);
    case 'date':
      return formatEventDate(value.date, locale);
    case 'time':
      return formatClockTime(value.time, locale);
    case 'person':
      return names.people.get(value.userId) ?? value.userId;
    case 'ticket-type':
      return names.types.get(value.id) ?? value.id;
    case 'ticket':
      return names.tickets.get(value.id) ?? value.id;
    case 'list':
      return value.items.map((item) => written(item, names, language)).join(', ');
    case 'group':
      return value.fields
        .map((part) => `${renderMessage(part.label, language)}: ${written(part.value, names, language)}`)
        .join('; ');
  }
}

function dataOf(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { value: parsed };
  } catch {
    return { value: json };
  }
}

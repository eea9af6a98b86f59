import type { CheckoutQuestion } from '@utsav/domain/checkout-questions';
import { BUILT_IN_LABELS, isBuiltIn, type QuestionKind } from '@utsav/domain/checkout-questions';

// The editor's working copy of the questions: text as typed (options one per line), a local key for each card, and
// the body PUT /admin/checkout-questions takes. The server judges the list with the shared schema and answers per
// field (`questions.<index>.<field>`).

export interface QuestionDraft {
  key: string;
  id: string | undefined;
  kind: QuestionKind;
  label: string;
  labelHi: string;
  labelGu: string;
  optionsText: string;
  required: boolean;
  perTicket: boolean;
  ticketTypeIds: string[];
}

let nextKey = 0;
const newKey = () => `draft-${++nextKey}`;

export function draftOf(question: CheckoutQuestion): QuestionDraft {
  return {
    key: question.id,
    id: question.id,
    kind: question.kind,
    label: question.label,
    labelHi: question.labelHi ?? '',
    labelGu: question.labelGu ?? '',
    optionsText: (question.options ?? []).join('\n'),
    required: question.required,
    perTicket: question.perTicket,
    ticketTypeIds: question.ticketTypeIds ?? [],
  };
}

/** A new card: a built-in with the terms' words in the three languages, or an empty question of one's own. */
export function newDraft(kind: QuestionKind): QuestionDraft {
  const labels = kind === 'phone' || kind === 'age-18' ? BUILT_IN_LABELS[kind] : null;
  return {
    key: newKey(),
    id: undefined,
    kind,
    label: labels?.label ?? '',
    labelHi: labels?.labelHi ?? '',
    labelGu: labels?.labelGu ?? '',
    optionsText: '',
    required: isBuiltIn(kind),
    perTicket: false,
    ticketTypeIds: [],
  };
}

export function questionsBody(drafts: readonly QuestionDraft[]) {
  return {
    questions: drafts.map((draft) => ({
      ...(draft.id ? { id: draft.id } : {}),
      kind: draft.kind,
      label: draft.label,
      labelHi: draft.labelHi,
      labelGu: draft.labelGu,
      options:
        draft.kind === 'choice'
          ? draft.optionsText
              .split('\n')
              .map((option) => option.trim())
              .filter((option) => option !== '')
          : null,
      required: draft.required,
      perTicket: draft.perTicket,
      ticketTypeIds: draft.ticketTypeIds,
    })),
  };
}

export function ownCount(drafts: readonly QuestionDraft[]): number {
  return drafts.filter((draft) => !isBuiltIn(draft.kind)).length;
}

export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

import type { PublicTicketType } from '@utsav/domain/api/ticket-types';
import type { AskedQuestion } from '@utsav/domain/checkout-questions';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import {
  type AnswerValues,
  answersPayload,
  askedFields,
  localRefusals,
  ticketTypesOf,
} from '../checkout/checkout-answers';
import type { PlannedOrder } from '../checkout/order-plan';

/**
 * The answers to the organiser's questions, kept while the dialog is open and closed again like the names; checked
 * in the browser before paying, and the server's refusal (400 with a detail per question) put under each field.
 */
export function useCheckoutAnswers(
  questions: readonly AskedQuestion[] | undefined,
  order: Pick<PlannedOrder, 'quantity' | 'items'> | null,
  listed: readonly PublicTicketType[] | undefined,
) {
  const { t } = useTranslation();
  const [values, setValues] = useState<AnswerValues>({});
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  // The first field the latest check refused (a new object each time): the form moves focus there.
  const [firstInvalid, setFirstInvalid] = useState<{ field: string } | null>(null);
  const ticketTypes = useMemo(() => ticketTypesOf(order, listed), [order, listed]);
  const groups = useMemo(() => askedFields(questions, ticketTypes), [questions, ticketTypes]);
  const fields = useMemo(() => groups.flatMap((group) => group.fields), [groups]);

  const setValue = useCallback((field: string, value: string | boolean) => {
    setValues((before) => ({ ...before, [field]: value }));
    setErrors((before) => {
      if (!(field in before)) return before;
      const { [field]: _gone, ...rest } = before;
      return rest;
    });
  }, []);

  function refuse(next: Record<string, string>) {
    setErrors(next);
    const first = fields.find(({ field }) => field in next)?.field;
    setFirstInvalid(first ? { field: first } : null);
  }

  /** True when the answers may be sent; else each refused field shows why. */
  function check(): boolean {
    const refused = localRefusals(questions, fields, values, ticketTypes, t);
    refuse(refused);
    return Object.keys(refused).length === 0;
  }

  /** The server refused answers (details on `answers.*`): shown by their fields. True when it was that. */
  function showRefusal(error: unknown): boolean {
    if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED' || !error.details) return false;
    const mine = error.details.filter((detail) => detail.field.startsWith('answers.'));
    if (mine.length === 0) return false;
    refuse(Object.fromEntries(mine.map((detail) => [detail.field, detail.message])));
    return true;
  }

  function reset() {
    setValues({});
    setErrors({});
    setFirstInvalid(null);
  }

  return {
    groups,
    values,
    errors,
    firstInvalid,
    setValue,
    check,
    showRefusal,
    reset,
    payload: answersPayload(fields, values),
  };
}

export type CheckoutAnswersState = ReturnType<typeof useCheckoutAnswers>;

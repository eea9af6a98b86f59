import type { PromoCheckAnswer } from '@utsav/domain/api/promo-codes';
import type { PublicTicketType } from '@utsav/domain/api/ticket-types';
import type { OrderItem } from '@utsav/domain/order-lines';
import { normaliseCode } from '@utsav/domain/promo-codes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useCheckPromoCode } from '../api/check-promo-code';
import { type Chosen, itemsOf, orderKey, shownTypes } from '../checkout/order-plan';
import { reasonText } from '../checkout/purchase-messages';
import { isTypeRefusal, refusalText, refusedTypeId } from '../checkout/type-refusals';

// The purchase dialog's code: checked when the guest applies it (signing in first if needed: the check is per
// person) and once more after they stop changing their tickets, since the discount depends on them. Checks are
// limited per person on the server, so a stepper's every tap is not one.

/** Quiet time after the last change of tickets before an applied code is checked again. */
export const RECHECK_AFTER_MS = 700;

export interface AppliedCode {
  /** As the guest typed it, normalised (upper case). */
  code: string;
  answer: PromoCheckAnswer;
  /** The tickets it was checked with (orderKey). */
  key: string;
}

export interface LineRefusal {
  ticketTypeId: string;
  text: string;
  /** The tickets it was said of: once they change, it no longer applies. */
  key: string;
}

/**
 * The code and the types it opens: the types shown are the listed ones and those an applied access code revealed,
 * and the items are the chosen tickets of those types (so a type whose code is removed leaves the order).
 */
export function usePromoCode({
  chosen,
  listed,
  signedIn,
  onSignIn,
}: {
  chosen: Chosen;
  listed: readonly PublicTicketType[] | undefined;
  signedIn: boolean;
  onSignIn: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const check = useCheckPromoCode();
  const [text, setText] = useState('');
  const [applied, setApplied] = useState<AppliedCode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lineRefusal, setLineRefusal] = useState<LineRefusal | null>(null);
  // Only the newest check's answer counts: an older one may arrive after it.
  const latest = useRef(0);
  const types = shownTypes(listed, applied?.answer.valid ? applied.answer.unlockedTypes : []);
  const items = itemsOf(chosen, types);
  const key = orderKey(items, null);
  const names = useRef(new Map<string, string>());
  names.current = new Map(types.map((type) => [type.id, type.name]));
  const itemsNow = useRef(items);
  itemsNow.current = items;

  const run = useCallback(
    async (code: string, asked: readonly OrderItem[]) => {
      latest.current += 1;
      const attempt = latest.current;
      try {
        const answer = await check.mutateAsync({ code, items: [...asked] });
        if (attempt !== latest.current) return;
        setApplied({ code, answer, key: orderKey(asked, null) });
        setError(null);
        setLineRefusal(null);
      } catch (caught) {
        if (attempt !== latest.current) return;
        if (isTypeRefusal(caught)) {
          const ticketTypeId = refusedTypeId(caught, asked, names.current);
          if (ticketTypeId)
            setLineRefusal({ ticketTypeId, text: refusalText(caught), key: orderKey(asked, null) });
          else setError(refusalText(caught));
        } else if (caught instanceof ApiError && caught.code === 'RATE_LIMITED') {
          setError(t('purchase.code.tooMany'));
        } else {
          setError(caught instanceof ApiError ? reasonText(caught, t) : t('purchase.code.failed'));
        }
      }
    },
    [check.mutateAsync, t],
  );

  async function apply() {
    const code = normaliseCode(text);
    if (code === '') {
      setError(t('purchase.code.empty'));
      return;
    }
    if (!signedIn) {
      try {
        await onSignIn();
      } catch {
        setError(t('purchase.code.signIn'));
        return;
      }
    }
    await run(code, items);
  }

  /** The checkout refused the code after all (used up meanwhile): said at the field, and not sent again. */
  function refuse(message: string) {
    latest.current += 1;
    setApplied((current) =>
      current ? { ...current, answer: { ...current.answer, valid: false, message } } : current,
    );
  }

  function remove() {
    latest.current += 1;
    setApplied(null);
    setText('');
    setError(null);
    setLineRefusal(null);
  }

  // The code is checked again once the tickets stop changing: its discount depends on them, and a code refused
  // for these tickets ("not for the tickets you chose", too few of them) may apply to the new ones.
  const recheck = applied !== null && applied.key !== key;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the items (a new array each render).
  useEffect(() => {
    if (!recheck || !applied) return;
    const timer = setTimeout(() => void run(applied.code, itemsNow.current), RECHECK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [recheck, applied, key, run]);

  const upToDate = applied !== null && applied.key === key;
  return {
    types,
    items,
    key,
    text,
    setText: (value: string) => {
      setText(value);
      setError(null);
    },
    applied,
    /** The answer fits the tickets chosen now. */
    upToDate,
    /** A check is on its way, or due for a code that applied: the total with the code is not known yet. */
    pending: check.isPending || (recheck && applied?.answer.valid === true),
    error,
    lineRefusal: lineRefusal?.key === key ? lineRefusal : null,
    apply,
    remove,
    refuse,
    /** The code to send with the order: one that applies to these tickets. */
    orderCode: upToDate && applied?.answer.valid ? applied.code : null,
    /** Types shown because the code opened them. */
    unlocked: new Set(applied?.answer.valid ? applied.answer.unlockedTypes.map((type) => type.id) : []),
  };
}

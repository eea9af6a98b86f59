import type { Language } from '@utsav/domain/languages';
import type { TypeRefusal } from '@utsav/domain/order-lines';
import { type CodeRefusal, codeRefusalMessage } from '@utsav/domain/promo-codes';
import { typeName } from '@utsav/domain/ticket-types';
import { AppError, validationError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';

// A priced order's refusals (@utsav/domain/order-lines) as the API answers them: each names the type, in the
// reader's language (the organiser's Hindi or Gujarati name when there is one); the sentence is translated when
// it is sent. Used by the checkout and the code check alike.

export function typeRefusalError(refusal: TypeRefusal, language: Language): AppError {
  if (refusal.kind === 'unknown-type') {
    return validationError([
      { field: `items.${refusal.index}.ticketTypeId`, message: 'This ticket type is not on sale.' },
    ]);
  }
  const name = typeName(refusal.type, language);
  switch (refusal.kind) {
    case 'sold-out':
      if (refusal.available === 0)
        return new AppError('TICKET_TYPE_SOLD_OUT', msg('{{name}} is sold out.', { name }));
      return new AppError(
        'TICKET_TYPE_SOLD_OUT',
        msg('Only {{count}} {{name}} tickets are left. Please choose {{count}} or fewer.', {
          name,
          count: refusal.available,
        }),
      );
    case 'not-on-sale': {
      const { state } = refusal;
      if (state.reason === 'not-started' && state.at)
        return new AppError(
          'TICKET_TYPE_NOT_ON_SALE',
          msg('{{name}} goes on sale on {{when, istDateTime}}.', { name, when: new Date(state.at) }),
        );
      if (state.reason === 'ended')
        return new AppError('TICKET_TYPE_NOT_ON_SALE', msg('Sales of {{name}} have ended.', { name }));
      return new AppError('TICKET_TYPE_NOT_ON_SALE', msg('{{name}} is not on sale right now.', { name }));
    }
    case 'type-limit':
      if (refusal.remaining === 0)
        return new AppError(
          'TICKET_TYPE_LIMIT',
          msg('One person may buy at most {{count}} {{name}} tickets, and you already have them.', {
            name,
            count: refusal.limit,
          }),
        );
      return new AppError(
        'TICKET_TYPE_LIMIT',
        msg('One person may buy at most {{limit}} {{name}} tickets. You may buy {{count}} more.', {
          name,
          limit: refusal.limit,
          count: refusal.remaining,
        }),
      );
  }
}

/** The code's reason as a sentence to send (the check's message, and PROMO_CODE_INVALID's). */
export function codeRefusalText(refusal: CodeRefusal, minQuantity: number | null) {
  const { template, params } = codeRefusalMessage(refusal, minQuantity);
  return params ? msg(template, params) : template;
}

export function codeRefusalError(refusal: CodeRefusal, minQuantity: number | null): AppError {
  return new AppError('PROMO_CODE_INVALID', codeRefusalText(refusal, minQuantity));
}

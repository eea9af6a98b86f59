import { describe, expect, it } from 'vitest';
import { fillTemplate, matchTemplate } from '../src/message-templates';
import { QUANTITY_MESSAGE, quantityMessage } from '../src/purchase-schema';

describe('numbered sentences and their templates', () => {
  it('fills whole-number placeholders and leaves unknown ones', () => {
    expect(fillTemplate('Between {{min}} and {{max}}', { min: 1, max: 20 })).toBe('Between 1 and 20');
    expect(fillTemplate('At most {{max}}', {})).toBe('At most {{max}}');
  });

  it('finds the template a sentence was written from, with its numbers', () => {
    expect(matchTemplate(quantityMessage(20), [QUANTITY_MESSAGE])).toEqual({
      template: QUANTITY_MESSAGE,
      params: { max: 20 },
    });
    expect(matchTemplate(quantityMessage(4), ['Other {{n}}', QUANTITY_MESSAGE])?.params).toEqual({ max: 4 });
  });

  it('matches the whole sentence only, numbers only, and treats the template as text', () => {
    expect(matchTemplate('Please choose between 1 and many tickets', [QUANTITY_MESSAGE])).toBeUndefined();
    expect(matchTemplate(`${quantityMessage(20)}!`, [QUANTITY_MESSAGE])).toBeUndefined();
    expect(matchTemplate('Cost (in ₹) 25.', ['Cost (in ₹) {{n}}.'])?.params).toEqual({ n: 25 });
    expect(matchTemplate('Cost (in ₹) 25x', ['Cost (in ₹) {{n}}.'])).toBeUndefined();
  });
});

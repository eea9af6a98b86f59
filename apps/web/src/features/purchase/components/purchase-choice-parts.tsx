import type { OrderChoice } from '../hooks/use-order-choice';
import { OrderSummary } from './order-summary';
import { PromoCodeField } from './promo-code-field';

// The parts of the selection step that read the whole choice (use-order-choice.ts): the code field and the
// order's lines with the total.

export function ChoiceCodeField({ choice, signedIn }: { choice: OrderChoice; signedIn: boolean }) {
  const { code } = choice;
  return (
    <PromoCodeField
      text={code.text}
      onTextChange={code.setText}
      applied={code.applied}
      error={code.error}
      checking={code.pending && !code.upToDate}
      signedIn={signedIn}
      onApply={() => void code.apply()}
      onRemove={code.remove}
    />
  );
}

export function ChoiceSummary({ choice }: { choice: OrderChoice }) {
  const figures = choice.figures?.ok ? choice.figures : null;
  return (
    <OrderSummary
      lines={figures?.lines ?? []}
      discount={figures?.discount ?? 0}
      total={figures?.total ?? 0}
      code={choice.code.orderCode}
      checking={choice.code.pending}
      changed={choice.changed}
    />
  );
}

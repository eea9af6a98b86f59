import { Trans } from 'react-i18next';

// The purchase's terms checkbox (docs/product.md#purchase): ticked before the guest may continue.

const LINK_CLASSES = 'font-semibold text-gold-200 underline underline-offset-2 hover:text-gold-300';

export function TermsAgreement({
  agreed,
  onAgreedChange,
}: {
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 text-sm break-words text-maroon-50">
      <input
        type="checkbox"
        checked={agreed}
        onChange={(changeEvent) => onAgreedChange(changeEvent.target.checked)}
        className="mt-0.5 size-5 shrink-0 cursor-pointer accent-saffron-400"
      />
      <span>
        <Trans
          i18nKey="purchase.agree"
          components={{
            terms: (
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the catalog's words inside.
              <a
                href="/terms-of-service"
                target="_blank"
                rel="noopener noreferrer"
                className={LINK_CLASSES}
              />
            ),
            refund: (
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the catalog's words inside.
              <a href="/refund-policy" target="_blank" rel="noopener noreferrer" className={LINK_CLASSES} />
            ),
          }}
        />
      </span>
    </label>
  );
}

import { DOCUMENT_NUMBER_MESSAGES } from '@utsav/domain/gst-numbers';
import { checkGstin, GSTIN_MESSAGES } from '@utsav/domain/gstin';
import { TAX_SETTINGS_MESSAGES } from '@utsav/domain/tax-settings-schema';
import { useTranslation } from 'react-i18next';

// The tax settings form and the purchase dialog's business details check their fields with the shared schema in
// the browser, which words its messages in English (GSTIN_MESSAGES, TAX_SETTINGS_MESSAGES); they are shown
// through the catalog. A message the server words in English is translated the same way; one it already
// translated is shown as it is.
const KEYS: Record<string, string> = {
  [GSTIN_MESSAGES.length]: 'gst.validation.length',
  [GSTIN_MESSAGES.state]: 'gst.validation.state',
  [GSTIN_MESSAGES.pan]: 'gst.validation.pan',
  [GSTIN_MESSAGES.entity]: 'gst.validation.entity',
  [GSTIN_MESSAGES.fourteenth]: 'gst.validation.fourteenth',
  [GSTIN_MESSAGES.check]: 'gst.validation.check',
  [TAX_SETTINGS_MESSAGES.gstin]: 'gst.validation.gstinRequired',
  [TAX_SETTINGS_MESSAGES.legalName]: 'gst.validation.legalName',
  [TAX_SETTINGS_MESSAGES.address]: 'gst.validation.address',
  [TAX_SETTINGS_MESSAGES.sacCode]: 'gst.validation.sacCode',
  [TAX_SETTINGS_MESSAGES.rate]: 'gst.validation.rate',
  [TAX_SETTINGS_MESSAGES.exemptUpTo]: 'gst.validation.exemptUpTo',
  [TAX_SETTINGS_MESSAGES.placeOfSupply]: 'gst.validation.placeOfSupply',
  [TAX_SETTINGS_MESSAGES.buyerLegalName]: 'gst.validation.buyerLegalName',
  [TAX_SETTINGS_MESSAGES.buyerAddress]: 'gst.validation.buyerAddress',
  [TAX_SETTINGS_MESSAGES.tooLong]: 'gst.validation.tooLong',
  [TAX_SETTINGS_MESSAGES.feeFixed]: 'gst.validation.feeFixed',
  [TAX_SETTINGS_MESSAGES.feePercent]: 'gst.validation.feePercent',
  [DOCUMENT_NUMBER_MESSAGES.prefix]: 'gst.validation.prefix',
};

/** A GST field's message in the reader's language. */
export function useGstMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    if (message === undefined) return undefined;
    const key = KEYS[message];
    return key ? t(key) : message;
  };
}

/** The first message per field of a failed parse, by the field's name (its path's first part). */
export function messagesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The GSTIN's message while it is typed: none until it has its 15 characters (a half-typed one is not wrong
 * yet), then the first rule it breaks. `settled` (the field was left, or the form sent) checks it at any length.
 */
export function typedGstinError(gstin: string, settled: boolean): string | undefined {
  const typed = gstin.replace(/\s+/g, '');
  if (typed === '' || (!settled && typed.length < 15)) return undefined;
  const verdict = checkGstin(typed);
  return verdict.ok ? undefined : verdict.message;
}

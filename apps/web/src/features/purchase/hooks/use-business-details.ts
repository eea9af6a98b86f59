import { type BusinessBuyerInput, businessBuyerErrors } from '@utsav/domain/tax-settings-schema';
import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { typedGstinError } from '../../../ui/gst-messages';

/** The business's details as typed. */
export interface BusinessValues {
  gstin: string;
  legalName: string;
  address: string;
}

export type BusinessField = keyof BusinessValues;

/** create-order's names of the fields. */
const PAYLOAD_FIELD: Record<BusinessField, 'buyerGstin' | 'buyerLegalName' | 'buyerAddress'> = {
  gstin: 'buyerGstin',
  legalName: 'buyerLegalName',
  address: 'buyerAddress',
};

const FIELDS = Object.keys(PAYLOAD_FIELD) as BusinessField[];

const EMPTY: BusinessValues = { gstin: '', legalName: '', address: '' };

/** What create-order is sent for a business buyer (checked by the server with the same schema). */
export type BusinessPayload = BusinessBuyerInput;

function payloadOf(values: BusinessValues): BusinessPayload {
  return {
    buyerGstin: values.gstin.replace(/\s+/g, '').toUpperCase(),
    buyerLegalName: values.legalName.trim(),
    buyerAddress: values.address.trim(),
  };
}

/**
 * The buyer's business details for a GST invoice (the purchase dialog's "I need a GST invoice for my business"):
 * GSTIN, legal name and address, checked by the shared rule (@utsav/domain/tax-settings-schema businessBuyerErrors,
 * which the server's schema agrees with) in the browser before paying, and the server's refusal of one of them shown under its field. Messages are the schema's English
 * sentences; the section shows them through the catalog (ui/gst-messages.ts).
 */
export function useBusinessDetails() {
  const [wanted, setWantedState] = useState(false);
  const [values, setValues] = useState<BusinessValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<BusinessField, string>>>({});
  const [gstinSettled, setGstinSettled] = useState(false);
  // The first field the latest check refused (a new object each time): the section moves focus there.
  const [firstInvalid, setFirstInvalid] = useState<{ field: BusinessField } | null>(null);

  const setValue = useCallback((field: BusinessField, value: string) => {
    setValues((before) => ({ ...before, [field]: field === 'gstin' ? value.toUpperCase() : value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }, []);

  const setWanted = useCallback((next: boolean) => {
    setWantedState(next);
    if (!next) setErrors({});
  }, []);

  function refuse(found: Partial<Record<BusinessField, string>>, focus: boolean) {
    setErrors(found);
    setGstinSettled(true);
    const first = FIELDS.find((field) => field in found);
    setFirstInvalid(focus && first ? { field: first } : null);
  }

  /** True when the details may be sent (or none are wanted); else each refused field shows why. */
  function check(options: { focus: boolean } = { focus: true }): boolean {
    if (!wanted) return true;
    const refused = businessBuyerErrors(payloadOf(values));
    const found: Partial<Record<BusinessField, string>> = {};
    for (const field of FIELDS) {
      const message = refused[PAYLOAD_FIELD[field]];
      if (message) found[field] = message;
    }
    refuse(found, options.focus);
    return Object.keys(found).length === 0;
  }

  /** The server refused one of the details (400 with a detail per field): shown by its field. True when it was. */
  function showRefusal(error: unknown): boolean {
    if (!wanted || !(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return false;
    const found: Partial<Record<BusinessField, string>> = {};
    for (const detail of error.details ?? []) {
      const field = FIELDS.find((name) => PAYLOAD_FIELD[name] === detail.field);
      if (field) found[field] ??= detail.message;
    }
    if (Object.keys(found).length === 0) return false;
    refuse(found, true);
    return true;
  }

  function reset() {
    setWantedState(false);
    setValues(EMPTY);
    setErrors({});
    setGstinSettled(false);
    setFirstInvalid(null);
  }

  /** The GSTIN's message: the one a check left, or, while it is typed, the first rule a whole one breaks. */
  const errorOf = (field: BusinessField): string | undefined =>
    field === 'gstin' ? (errors.gstin ?? typedGstinError(values.gstin, gstinSettled)) : errors[field];

  return {
    wanted,
    setWanted,
    values,
    setValue,
    errorOf,
    settleGstin: () => setGstinSettled(true),
    firstInvalid,
    check,
    showRefusal,
    reset,
    payload: wanted ? payloadOf(values) : null,
  };
}

export type BusinessDetailsState = ReturnType<typeof useBusinessDetails>;

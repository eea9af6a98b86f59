import { IMAGE_TYPES } from '@utsav/domain/constants';
import type { Organiser } from '@utsav/domain/organiser';
import { SOCIAL_NETWORKS, type SocialNetwork } from '@utsav/domain/organiser-shown';
import { ImagePlus } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { readImageFile } from '../../../../lib/read-image-file';
import { Button } from '../../../../ui/button';
import { errorIdFor, FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import { FormSection } from '../../../../ui/form-section';
import { type OrganiserBody, useSaveOrganiser } from '../api/organiser';

type TextField = Exclude<keyof OrganiserBody, 'socialLinks' | 'logo'>;
type Values = Record<TextField, string> & { socialLinks: Record<SocialNetwork, string>; logo: string };

const NETWORK_KEYS: Record<SocialNetwork, string> = {
  instagram: 'admin-organiser.social.instagram',
  facebook: 'admin-organiser.social.facebook',
  youtube: 'admin-organiser.social.youtube',
  x: 'admin-organiser.social.x',
  whatsapp: 'admin-organiser.social.whatsapp',
  website: 'admin-organiser.social.website',
};

function valuesOf(organiser: Organiser | null): Values {
  const links = Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => [network, organiser?.socialLinks[network] ?? '']),
  ) as Record<SocialNetwork, string>;
  return {
    name: organiser?.name ?? '',
    tagline: organiser?.tagline ?? '',
    supportEmail: organiser?.supportEmail ?? '',
    supportPhone: organiser?.supportPhone ?? '',
    supportHours: organiser?.supportHours ?? '',
    legalName: organiser?.legalName ?? '',
    address: organiser?.address ?? '',
    socialLinks: links,
    logo: organiser?.logo ?? '',
  };
}

/**
 * The organiser profile form (docs/product.md#organiser): the admin panel's and the first run's. The server
 * checks every field with the shared schema and answers per-field messages in the reader's language, shown
 * under their fields.
 */
export function OrganiserForm({
  organiser,
  onSaved,
  submitLabel,
}: {
  organiser: Organiser | null;
  onSaved?: (saved: Organiser) => void;
  submitLabel?: string;
}) {
  const { t } = useTranslation();
  const save = useSaveOrganiser();
  const [values, setValues] = useState<Values>(() => valuesOf(organiser));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const logoInput = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // Counts refusals: after each, once the messages are drawn, the first refused field takes focus, so a
  // keyboard or screen-reader user lands on it.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const setText = (field: TextField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };
  const setLink = (network: SocialNetwork) => (value: string) => {
    setValues((current) => ({ ...current, socialLinks: { ...current.socialLinks, [network]: value } }));
    setErrors(({ [`socialLinks.${network}`]: _cleared, ...rest }) => rest);
  };

  async function pickLogo(file: File | undefined) {
    if (!file) return;
    const result = await readImageFile(file);
    if ('error' in result) setErrors((current) => ({ ...current, logo: t('admin-organiser.logo.invalid') }));
    else {
      setErrors(({ logo: _cleared, ...rest }) => rest);
      setValues((current) => ({ ...current, logo: result.dataUrl }));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success(t('admin-organiser.saved'));
        setValues(valuesOf(saved));
        onSaved?.(saved);
      },
      onError: (error) => {
        const details = error instanceof ApiError ? (error.details ?? []) : [];
        if (details.length > 0) {
          setErrors(Object.fromEntries(details.map((detail) => [detail.field, detail.message])));
          toast.error(t('admin-organiser.fixErrors'));
          setRefusals((count) => count + 1);
        } else toast.error(t('admin-organiser.saveFailed', { reason: errorMessage(error) }));
      },
    });
  }

  const text = (
    field: TextField,
    label: string,
    options: { required?: boolean; type?: string; hint?: string } = {},
  ) => {
    const id = `organiser-${field}`;
    const multiline = field === 'address';
    const common = {
      id,
      value: values[field],
      required: options.required,
      ...fieldAria(id, errors[field], Boolean(options.hint)),
    };
    return (
      <FormField id={id} label={label} required={options.required} error={errors[field]} hint={options.hint}>
        {multiline ? (
          <textarea
            {...common}
            rows={3}
            className={`${INPUT_CLASSES} py-2`}
            onChange={(event) => setText(field)(event.target.value)}
          />
        ) : (
          <input
            {...common}
            type={options.type ?? 'text'}
            className={INPUT_CLASSES}
            onChange={(event) => setText(field)(event.target.value)}
          />
        )}
      </FormField>
    );
  };

  return (
    <form ref={form} noValidate onSubmit={submit} className="grid gap-6">
      <FormSection title={t('admin-organiser.groups.who')}>
        {text('name', t('admin-organiser.fields.name'), { required: true })}
        {text('tagline', t('admin-organiser.fields.tagline'), { hint: t('admin-organiser.hints.tagline') })}
        <div>
          <p id="organiser-logo-label" className="mb-1.5 block text-sm font-semibold text-cream">
            {t('admin-organiser.fields.logo')}
          </p>
          {/* The file picker's own button would speak the browser's language: ours speaks the reader's. */}
          <input
            ref={logoInput}
            id="organiser-logo"
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-labelledby="organiser-logo-label"
            {...fieldAria('organiser-logo', errors.logo)}
            onChange={(event) => void pickLogo(event.target.files?.[0])}
          />
          <div className="flex flex-wrap items-center gap-3">
            {values.logo ? (
              <img
                src={values.logo}
                alt={t('admin-organiser.logo.alt')}
                className="size-16 rounded-lg bg-maroon-950 object-contain"
              />
            ) : null}
            <Button
              variant="secondary"
              size="sm"
              aria-describedby="organiser-logo-label"
              icon={<ImagePlus aria-hidden="true" className="size-4" />}
              onClick={() => logoInput.current?.click()}
            >
              {values.logo ? t('admin-organiser.logo.change') : t('admin-organiser.logo.choose')}
            </Button>
            {values.logo ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setValues((current) => ({ ...current, logo: '' }))}
              >
                {t('admin-organiser.logo.remove')}
              </Button>
            ) : null}
          </div>
          {errors.logo ? (
            <p
              id={errorIdFor('organiser-logo')}
              role="alert"
              className="mt-1.5 text-sm font-semibold text-rose-200"
            >
              {errors.logo}
            </p>
          ) : null}
        </div>
      </FormSection>

      <FormSection title={t('admin-organiser.groups.contact')}>
        {text('supportEmail', t('admin-organiser.fields.supportEmail'), { required: true, type: 'email' })}
        {text('supportPhone', t('admin-organiser.fields.supportPhone'), { type: 'tel' })}
        {text('supportHours', t('admin-organiser.fields.supportHours'), {
          hint: t('admin-organiser.hints.supportHours'),
        })}
      </FormSection>

      <FormSection title={t('admin-organiser.groups.social')}>
        <p className="text-sm text-maroon-100">{t('admin-organiser.hints.social')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((network) => {
            const id = `organiser-social-${network}`;
            const error = errors[`socialLinks.${network}`];
            return (
              <FormField key={network} id={id} label={t(NETWORK_KEYS[network])} error={error}>
                <input
                  id={id}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  value={values.socialLinks[network]}
                  className={INPUT_CLASSES}
                  {...fieldAria(id, error)}
                  onChange={(event) => setLink(network)(event.target.value)}
                />
              </FormField>
            );
          })}
        </div>
      </FormSection>

      <FormSection title={t('admin-organiser.groups.legal')}>
        <p className="text-sm text-maroon-100">{t('admin-organiser.hints.legal')}</p>
        {text('legalName', t('admin-organiser.fields.legalName'))}
        {text('address', t('admin-organiser.fields.address'))}
      </FormSection>

      <div className="flex justify-end">
        <Button type="submit" size="lg" loading={save.isPending} className="w-full sm:w-auto">
          {submitLabel ?? t('admin-organiser.save')}
        </Button>
      </div>
    </form>
  );
}

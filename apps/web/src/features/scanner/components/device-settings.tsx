import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceSettings as Settings } from '../checkin/device-store';

/** The gate name recorded with each scan, sound/vibration, and the device id (for the organiser's logs). */
export function DeviceSettings({
  settings,
  onChange,
}: {
  settings: Settings;
  onChange: (next: Settings) => void;
}) {
  const { t } = useTranslation();
  const gateId = useId();
  const feedbackId = useId();
  return (
    <section aria-label={t('scanner.settings.label')} className="card space-y-3 p-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={gateId} className="text-sm font-semibold text-gold-200">
          {t('scanner.settings.gate')}
        </label>
        <input
          id={gateId}
          value={settings.gate}
          maxLength={40}
          placeholder={t('scanner.settings.gatePlaceholder')}
          autoComplete="off"
          onChange={(event) => onChange({ ...settings, gate: event.target.value })}
          className="min-h-11 rounded-xl border border-gold-400/40 bg-maroon-950 px-3 text-cream placeholder:text-maroon-300 focus:border-saffron-300 focus:outline-none"
        />
      </div>
      <label htmlFor={feedbackId} className="flex min-h-11 items-center gap-3 text-cream">
        <input
          id={feedbackId}
          type="checkbox"
          checked={settings.feedback}
          onChange={(event) => onChange({ ...settings, feedback: event.target.checked })}
          className="size-5 accent-saffron-400"
        />
        {t('scanner.settings.feedback')}
      </label>
      <p className="text-xs text-maroon-200">
        {t('scanner.settings.deviceId')} <span className="font-mono">{settings.deviceId.slice(0, 8)}</span>
      </p>
    </section>
  );
}

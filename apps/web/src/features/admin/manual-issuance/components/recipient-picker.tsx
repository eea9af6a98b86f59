import { USER_SEARCH_RESULTS } from '@utsav/domain/constants';
import { Check, Search, UserPlus, UserRound, X } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../../ui/avatar';
import { FormField, fieldAria, INPUT_CLASSES } from '../../../../ui/form-field';
import type { GuestUser } from '../api/get-guest-users';

export type RecipientMode = 'existing' | 'new';

/** Top matches by name or email, at most USER_SEARCH_RESULTS (docs/product.md#manual-issuance). */
export function searchGuests(guests: GuestUser[], term: string): GuestUser[] {
  const needle = term.trim().toLowerCase();
  const matches = needle
    ? guests.filter(
        (guest) => guest.name.toLowerCase().includes(needle) || guest.email.toLowerCase().includes(needle),
      )
    : guests;
  return matches.slice(0, USER_SEARCH_RESULTS);
}

/** The two choices; `label` is a catalog key. */
const MODES: { value: RecipientMode; label: string; icon: typeof UserRound }[] = [
  { value: 'existing', label: 'admin-issuance.recipient.existing', icon: UserRound },
  { value: 'new', label: 'admin-issuance.recipient.new', icon: UserPlus },
];

/** Existing User (search the loaded guests) or New User (name and email, created as a guest). */
export function RecipientPicker({
  mode,
  onModeChange,
  guests,
  guestsLoading,
  search,
  onSearchChange,
  selected,
  onSelect,
  newName,
  newEmail,
  onNewNameChange,
  onNewEmailChange,
  nameError,
  emailError,
}: {
  mode: RecipientMode;
  onModeChange: (mode: RecipientMode) => void;
  guests: GuestUser[];
  guestsLoading: boolean;
  search: string;
  onSearchChange: (value: string) => void;
  selected: GuestUser | null;
  onSelect: (guest: GuestUser | null) => void;
  newName: string;
  newEmail: string;
  onNewNameChange: (value: string) => void;
  onNewEmailChange: (value: string) => void;
  nameError: string | undefined;
  emailError: string | undefined;
}) {
  const { t } = useTranslation();
  const results = useMemo(() => searchGuests(guests, search), [guests, search]);
  return (
    <div className="grid grid-cols-1 gap-4">
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-semibold text-cream">
          {t('admin-issuance.recipient.legend')}
        </legend>
        <div className="grid grid-cols-2 gap-2 @max-xs:grid-cols-1">
          {MODES.map((option) => (
            <label
              key={option.value}
              className={`flex cursor-pointer items-center justify-center gap-2 rounded-xl border px-3 py-2.5 font-semibold transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold-300 ${
                mode === option.value
                  ? 'border-saffron-300 bg-saffron-400/15 text-cream'
                  : 'border-gold-400/30 bg-maroon-950/50 text-maroon-100 hover:text-cream'
              }`}
            >
              <input
                type="radio"
                name="recipient-mode"
                value={option.value}
                checked={mode === option.value}
                onChange={() => onModeChange(option.value)}
                className="sr-only"
              />
              <option.icon aria-hidden="true" className="size-4" />
              {t(option.label)}
            </label>
          ))}
        </div>
      </fieldset>

      {mode === 'existing' ? (
        selected ? (
          <div className="flex items-center gap-3 rounded-xl border border-saffron-300/60 bg-saffron-400/10 p-3">
            <Avatar name={selected.name} src={null} size={36} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-cream">{selected.name}</p>
              <p className="truncate text-sm text-maroon-100">{selected.email}</p>
            </div>
            <button
              type="button"
              onClick={() => onSelect(null)}
              className="rounded-full p-2 text-maroon-100 hover:bg-maroon-800 hover:text-cream"
              aria-label={t('admin-issuance.recipient.clear', { name: selected.name })}
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        ) : (
          <div>
            <label htmlFor="guest-search" className="mb-1.5 block text-sm font-semibold text-cream">
              {t('admin-issuance.recipient.searchLabel')}
            </label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-maroon-300"
              />
              <input
                id="guest-search"
                type="search"
                value={search}
                onChange={(event) => onSearchChange(event.target.value)}
                placeholder={t('admin-issuance.recipient.searchPlaceholder')}
                className={`${INPUT_CLASSES} pl-9`}
                autoComplete="off"
              />
            </div>
            {guestsLoading ? (
              <p className="mt-2 text-sm text-maroon-200" role="status">
                {t('admin-issuance.recipient.loading')}
              </p>
            ) : results.length === 0 ? (
              <p className="mt-2 text-sm text-maroon-200">{t('admin-issuance.recipient.noMatch')}</p>
            ) : (
              <ul
                aria-label={t('admin-issuance.recipient.matches')}
                className="mt-2 grid max-h-72 grid-cols-1 gap-1 overflow-y-auto rounded-xl border border-gold-400/20 bg-maroon-950/50 p-1"
              >
                {results.map((guest) => (
                  <li key={guest.id}>
                    <button
                      type="button"
                      onClick={() => onSelect(guest)}
                      className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left hover:bg-maroon-800 focus-visible:bg-maroon-800"
                    >
                      <Avatar name={guest.name} src={null} size={30} />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-semibold text-cream">{guest.name}</span>
                        <span className="block truncate text-sm text-maroon-100">{guest.email}</span>
                      </span>
                      <Check aria-hidden="true" className="size-4 text-transparent" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="new-user-name"
            label={t('admin-issuance.recipient.fullName')}
            required
            error={nameError}
          >
            <input
              id="new-user-name"
              value={newName}
              onChange={(event) => onNewNameChange(event.target.value)}
              autoComplete="off"
              className={INPUT_CLASSES}
              {...fieldAria('new-user-name', nameError)}
            />
          </FormField>
          <FormField
            id="new-user-email"
            label={t('admin-issuance.recipient.email')}
            required
            error={emailError}
            hint={t('admin-issuance.recipient.emailHint')}
          >
            <input
              id="new-user-email"
              type="email"
              inputMode="email"
              value={newEmail}
              onChange={(event) => onNewEmailChange(event.target.value)}
              autoComplete="off"
              className={INPUT_CLASSES}
              {...fieldAria('new-user-email', emailError, true)}
            />
          </FormField>
        </div>
      )}
    </div>
  );
}

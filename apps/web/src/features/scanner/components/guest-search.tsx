import {
  canAdmitFound,
  type FoundTicket,
  GATE_SEARCH_MAX_CHARS,
  GATE_SEARCH_MIN_CHARS,
  gateSearchQuerySchema,
} from '@utsav/domain/gate-search';
import { displayTicketCode } from '@utsav/domain/ticket-code';
import { Search, UserCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { TicketTypeMark } from '../../../ui/ticket-type-mark';
import { useGuestSearch } from '../api/search-guests';
import { formatScanTime, type ScanOutcome } from '../checkin/scan-outcome';
import { AdmitConfirm } from './admit-confirm';

interface GuestSearchProps {
  online: boolean;
  /** Admits the ticket (logged as found by search) and says what the gate says. */
  onAdmit(ticket: FoundTicket): Promise<ScanOutcome>;
  /** What to show under a ticket just admitted (the undo, while it is offered). */
  afterAdmission?(ticketId: string): ReactNode;
}

/**
 * A guest whose phone is dead: the volunteer finds their tickets by name, email or
 * ticket code and admits from the list. Needs the network: the names are not kept on the phone.
 */
export function GuestSearch({ online, onAdmit, afterAdmission }: GuestSearchProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, ScanOutcome>>({});
  const [admitting, setAdmitting] = useState<string | null>(null);
  // The ticket whose Admit was tapped once: it shows whose it is and waits for the second tap.
  const [confirming, setConfirming] = useState<string | null>(null);
  const search = useGuestSearch(query);
  const inputId = useId();
  const hintId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = gateSearchQuerySchema.safeParse({ q: value });
    if (!parsed.success) {
      setHint(t('scanner.search.tooShort', { count: GATE_SEARCH_MIN_CHARS }));
      return;
    }
    setHint(null);
    setAnswers({});
    setConfirming(null);
    if (parsed.data.q === query) void search.refetch();
    else setQuery(parsed.data.q);
  }

  async function admit(ticket: FoundTicket) {
    setAdmitting(ticket.id);
    try {
      const outcome = await onAdmit(ticket);
      setAnswers((current) => ({ ...current, [ticket.id]: outcome }));
      void search.refetch();
    } finally {
      setAdmitting(null);
      setConfirming(null);
    }
  }

  return (
    <section aria-labelledby={`${inputId}-title`} className="card p-4">
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-gold-200">
        {t('scanner.search.title')}
      </h2>
      <p className="mt-1 text-sm text-maroon-100">{t('scanner.search.intro')}</p>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm text-maroon-100">
          {t('scanner.search.label')}
        </label>
        {/* The button goes under the field when large text leaves no room beside it. */}
        <div className="flex flex-wrap gap-2">
          <input
            id={inputId}
            type="search"
            value={value}
            maxLength={GATE_SEARCH_MAX_CHARS}
            onChange={(event) => {
              setValue(event.target.value);
              setHint(null);
            }}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="search"
            disabled={!online}
            aria-describedby={hint ? hintId : undefined}
            aria-invalid={hint ? true : undefined}
            className="min-h-12 min-w-0 flex-[1_1_10rem] rounded-xl border border-gold-400/40 bg-maroon-950 px-3 text-cream placeholder:text-maroon-300 focus:border-saffron-300 focus:outline-none disabled:opacity-60"
          />
          <Button
            type="submit"
            disabled={!online}
            loading={search.isFetching}
            icon={<Search aria-hidden="true" className="size-4" />}
          >
            {t('scanner.search.submit')}
          </Button>
        </div>
        {!online && <p className="text-sm font-medium text-amber-200">{t('scanner.search.offline')}</p>}
        {hint && (
          <p
            id={hintId}
            role="alert"
            className="rounded-lg bg-amber-300 px-3 py-2 text-sm font-medium text-ink"
          >
            {hint}
          </p>
        )}
      </form>
      {query !== null && !search.isPending && (
        <SearchResults
          query={query}
          error={search.isError ? search.error : null}
          tickets={search.data?.tickets ?? []}
          more={search.data?.more ?? false}
          answers={answers}
          admitting={admitting}
          confirming={confirming}
          onAsk={setConfirming}
          onAdmit={(ticket) => void admit(ticket)}
          afterAdmission={afterAdmission}
        />
      )}
    </section>
  );
}

interface SearchResultsProps {
  query: string;
  error: Error | null;
  tickets: FoundTicket[];
  more: boolean;
  answers: Record<string, ScanOutcome>;
  admitting: string | null;
  confirming: string | null;
  onAsk(ticketId: string | null): void;
  onAdmit(ticket: FoundTicket): void;
  afterAdmission: GuestSearchProps['afterAdmission'];
}

function SearchResults({
  query,
  error,
  tickets,
  more,
  answers,
  admitting,
  confirming,
  onAsk,
  onAdmit,
  afterAdmission,
}: SearchResultsProps) {
  const { t } = useTranslation();
  if (error) {
    return (
      <p role="alert" className="mt-3 rounded-lg bg-rose-200 px-3 py-2 text-sm font-medium text-rose-950">
        {t('scanner.search.failed', { message: error.message })}
      </p>
    );
  }
  if (tickets.length === 0) {
    return (
      <p role="status" className="mt-3 text-sm text-maroon-100">
        {t('scanner.search.none', { query })}
      </p>
    );
  }
  return (
    <div className="mt-3">
      <p role="status" className="text-sm text-maroon-100">
        {more
          ? t('scanner.search.more', { count: tickets.length })
          : t('scanner.search.found', { count: tickets.length })}
      </p>
      <ul className="mt-2 grid gap-2" data-testid="search-results">
        {tickets.map((ticket) => (
          <FoundTicketRow
            key={ticket.id}
            ticket={ticket}
            answer={answers[ticket.id]}
            busy={admitting === ticket.id}
            disabled={admitting !== null}
            confirming={confirming === ticket.id}
            onAsk={() => onAsk(ticket.id)}
            onCancel={() => onAsk(null)}
            onAdmit={() => onAdmit(ticket)}
          >
            {answers[ticket.id] ? afterAdmission?.(ticket.id) : null}
          </FoundTicketRow>
        ))}
      </ul>
    </div>
  );
}

interface FoundTicketRowProps {
  ticket: FoundTicket;
  answer: ScanOutcome | undefined;
  busy: boolean;
  disabled: boolean;
  confirming: boolean;
  onAsk(): void;
  onCancel(): void;
  onAdmit(): void;
  children?: ReactNode;
}

const ANSWER_TONE: Record<ScanOutcome['tone'], string> = {
  success: 'bg-green-800 text-white',
  exit: 'bg-sky-900 text-white',
  warning: 'bg-amber-300 text-ink',
  danger: 'bg-red-700 text-white',
  unknown: 'bg-slate-700 text-white',
};

function FoundTicketRow({
  ticket,
  answer,
  busy,
  disabled,
  confirming,
  onAsk,
  onCancel,
  onAdmit,
  children,
}: FoundTicketRowProps) {
  const { t } = useTranslation();
  const status = useStatusText(ticket);
  return (
    <li data-testid="found-ticket" className="grid gap-2 rounded-xl bg-maroon-950/60 p-3">
      <div className="min-w-0">
        <p className="break-words text-base font-bold text-cream">{ticket.holderName}</p>
        <p className="font-mono text-sm text-gold-200">{displayTicketCode(ticket.ticketId)}</p>
        {ticket.ticketType ? (
          <p className="text-sm text-cream">
            <TicketTypeMark type={ticket.ticketType} />
          </p>
        ) : null}
        <p className="break-words text-sm text-maroon-100">
          {ticket.ownerName !== ticket.holderName
            ? t('scanner.search.boughtBy', { name: ticket.ownerName, email: ticket.ownerEmail })
            : ticket.ownerEmail}
        </p>
        {ticket.phone ? (
          <p className="text-sm">
            <a
              href={`tel:${ticket.phone.replace(/\s/g, '')}`}
              className="font-semibold text-gold-200 underline underline-offset-2"
              data-testid="found-phone"
            >
              {t('checkout-questions.gate.call', { phone: ticket.phone })}
            </a>
          </p>
        ) : null}
        <p className="text-sm font-semibold text-cream">{status}</p>
      </div>
      {answer ? (
        <p role="status" className={`rounded-lg px-3 py-2 text-sm font-bold ${ANSWER_TONE[answer.tone]}`}>
          {[answer.title, answer.detail].filter(Boolean).join('. ')}
        </p>
      ) : !canAdmitFound(ticket) ? null : confirming ? (
        <AdmitConfirm
          candidate={{
            holder: ticket.holderName,
            code: displayTicketCode(ticket.ticketId),
            status,
            ticketType: ticket.ticketType,
          }}
          busy={busy}
          onConfirm={onAdmit}
          onCancel={onCancel}
        />
      ) : (
        // The first tap only asks: the next shows whose ticket it is and admits on a second tap.
        <Button
          size="lg"
          disabled={disabled}
          onClick={onAsk}
          icon={<UserCheck aria-hidden="true" className="size-5" />}
          aria-label={t('scanner.search.admitLabel', {
            name: ticket.holderName,
            code: displayTicketCode(ticket.ticketId),
          })}
        >
          {t('scanner.search.admit')}
        </Button>
      )}
      {children}
    </li>
  );
}

function useStatusText(ticket: FoundTicket): string {
  const { t } = useTranslation();
  switch (ticket.status) {
    case 'active':
      return t('scanner.search.status.notIn');
    case 'used':
      return ticket.exitedAt
        ? t('scanner.search.status.out', { time: formatScanTime(ticket.exitedAt) })
        : t('scanner.search.status.in', { time: formatScanTime(ticket.usedAt ?? '') });
    case 'cancelled':
      return t('scanner.search.status.cancelled');
    case 'transferred':
      return t('scanner.search.status.transferred');
  }
}

import { GATE_UNDO_OFFER_MS } from '@utsav/domain/gate-undo';
import { Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { undoAdmission } from '../api/undo-admission';
import type { CheckinTicket } from '../checkin/scan-outcome';

/** An admission made online from a typed code or a search, which its volunteer may still take back. */
export interface UndoOffer {
  ticketId: string;
  holder: string;
}

type UndoState =
  | { kind: 'offered' }
  | { kind: 'busy' }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/**
 * "Priya is in. Wrong guest? Undo" for GATE_UNDO_OFFER_MS after the second tap admitted someone. Focus stays where
 * it was (a second Enter must not undo by accident); the offer and its answer are announced politely.
 */
export function AdmitUndo({
  offer,
  context,
  onUndone,
  onExpire,
}: {
  offer: UndoOffer;
  context: { deviceId: string; gate: string };
  /** The ticket as the server now has it (active again): the gate's list and counters follow. */
  onUndone(ticket: CheckinTicket | undefined): void;
  onExpire(): void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<UndoState>({ kind: 'offered' });
  const offered = state.kind === 'offered';

  useEffect(() => {
    if (!offered) return;
    const timer = setTimeout(onExpire, GATE_UNDO_OFFER_MS);
    return () => clearTimeout(timer);
  }, [offered, onExpire]);

  async function undo() {
    setState({ kind: 'busy' });
    try {
      const gate = context.gate.trim();
      const answer = await undoAdmission({
        ticketId: offer.ticketId,
        deviceId: context.deviceId,
        ...(gate ? { gate } : {}),
      });
      setState({ kind: 'done' });
      onUndone(answer.ticket);
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error) });
    }
  }

  const words =
    state.kind === 'done'
      ? t('scanner.undo.done', { name: offer.holder })
      : state.kind === 'failed'
        ? t('scanner.undo.failed', { message: state.message })
        : t('scanner.undo.offer', { name: offer.holder, seconds: GATE_UNDO_OFFER_MS / 1000 });
  return (
    <div
      data-testid="admit-undo"
      className="flex flex-wrap items-center gap-2 rounded-xl border border-gold-400/40 bg-maroon-950 p-3"
    >
      <p role="status" className="min-w-0 flex-[1_1_12rem] text-sm font-semibold break-words text-cream">
        {words}
      </p>
      {state.kind === 'offered' || state.kind === 'busy' ? (
        <Button
          variant="secondary"
          loading={state.kind === 'busy'}
          onClick={() => void undo()}
          aria-label={t('scanner.undo.buttonLabel', { name: offer.holder })}
          icon={<Undo2 aria-hidden="true" className="size-4" />}
        >
          {t('scanner.undo.button')}
        </Button>
      ) : null}
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { useWaitingRoom } from '../hooks/use-waiting-room';
import { WaitingRoomStep } from './waiting-room-step';

/**
 * The waiting line as a screen of its own: mounting it takes a place in the line (or the same place again),
 * unmounting it stops asking. The purchase dialog shows it while the guest waits (the page composes the two).
 */
export function WaitingRoom({
  onAdmitted,
  onSoldOut,
}: {
  /** Called once when the turn comes, with the pass the checkout sends. */
  onAdmitted: (pass: string) => void;
  /** Called once when the line says every ticket is gone. */
  onSoldOut: () => void;
}) {
  const { status, problem } = useWaitingRoom(onAdmitted);
  const soldOut = status?.status === 'sold-out';
  const onSoldOutRef = useRef(onSoldOut);
  onSoldOutRef.current = onSoldOut;
  useEffect(() => {
    if (soldOut) onSoldOutRef.current();
  }, [soldOut]);
  return <WaitingRoomStep status={status} problem={problem} />;
}

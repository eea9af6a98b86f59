import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { toastTarget } from './toast';

/**
 * One error toast per failure of a query ('Failed to load users: {reason}'), not one per render; it goes
 * away once the data loads. The list itself shows an error panel with Retry beside it.
 */
export function useFailureToast(id: string, message: string | null, failedAt: number) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per failure (failedAt), not per render.
  useEffect(() => {
    if (message === null) {
      toast.dismiss(id);
      return;
    }
    toast.error(message, toastTarget({ id }));
  }, [failedAt, message === null]);
}

/** The value once it has stopped changing for `ms` (search boxes query the server after typing pauses). */
export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

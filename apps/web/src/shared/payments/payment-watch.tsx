import type { Payment } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../api/client';
import { useToast } from '../ui/toast';
import { refreshAfterPayment, successText } from './after-payment';

/**
 * Payments started in this tab that may still settle after the member left the checkout (a prompt approved late, a
 * card page that took its time, a callback the query job recovers). Kept in sessionStorage, so a reload keeps
 * following them; given up after 30 minutes.
 */
const STORE = 'payments-watched';
const GIVE_UP_MS = 30 * 60_000;

interface Watched {
  id: string;
  since: number;
}

const listeners = new Set<() => void>();
/** Attempts the checkout's waiting screen is following itself: the watcher leaves those alone. */
const followed = new Set<string>();
let snapshot: Watched[] | null = null;

function read(): Watched[] {
  if (snapshot) return snapshot;
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STORE) ?? '[]') as Watched[];
    snapshot = Array.isArray(parsed) ? parsed.filter((w) => typeof w?.id === 'string' && typeof w.since === 'number') : [];
  } catch {
    snapshot = [];
  }
  return snapshot;
}

function write(list: Watched[]): void {
  snapshot = list;
  try {
    sessionStorage.setItem(STORE, JSON.stringify(list));
  } catch {
    // Storage full or off: the list still lives in memory for this page.
  }
  for (const listener of listeners) listener();
}

/** Follows an attempt until it settles, wherever the member goes in this tab. */
export function watchPayment(id: string): void {
  write([...read().filter((w) => w.id !== id), { id, since: Date.now() }]);
}

export function unwatchPayment(id: string): void {
  if (read().some((w) => w.id === id)) write(read().filter((w) => w.id !== id));
}

/** The checkout's waiting screen follows `id` itself while mounted; answers the function that stops it. */
export function followInCheckout(id: string): () => void {
  followed.add(id);
  for (const listener of listeners) listener();
  return () => {
    followed.delete(id);
    for (const listener of listeners) listener();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const settledStatuses = new Set(['succeeded', 'failed', 'cancelled', 'expired']);

function WatchOne({ watched }: { watched: Watched }) {
  const client = useQueryClient();
  const toast = useToast();
  const mine = useSyncExternalStore(subscribe, () => followed.has(watched.id));
  const payment = useQuery({
    queryKey: ['payment-watch', watched.id],
    queryFn: () => api.get<Payment>(`payments/${encodeURIComponent(watched.id)}`),
    enabled: !mine,
    // Often while a prompt is fresh, then now and then.
    refetchInterval: () => (Date.now() - watched.since < 3 * 60_000 ? 3_000 : 15_000),
    refetchIntervalInBackground: true,
    retry: 1,
  });
  const status = payment.data?.status;
  useEffect(() => {
    if (mine) return;
    if (Date.now() - watched.since > GIVE_UP_MS || (payment.error && !payment.data)) return unwatchPayment(watched.id);
    if (!status || !settledStatuses.has(status) || !payment.data) return;
    unwatchPayment(watched.id);
    if (status === 'succeeded') {
      void refreshAfterPayment(client);
      toast(successText(payment.data), 'success');
    }
  }, [mine, status, payment.data, payment.error, watched, client, toast]);
  return null;
}

/** Mounted once for a signed-in member: refreshes every screen when a payment they left settles, and says so. */
export function PaymentWatcher() {
  const watched = useSyncExternalStore(subscribe, read);
  return (
    <>
      {watched.map((w) => (
        <WatchOne key={w.id} watched={w} />
      ))}
    </>
  );
}

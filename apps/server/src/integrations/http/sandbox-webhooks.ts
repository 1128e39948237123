/**
 * How the provider fakes call back: POST a webhook to the app, record the status it answered (0 when
 * unreachable), and keep the call in flight visible, so a test can wait for every callback the fake
 * has started (`flushSandboxWebhooks`).
 */
export type SandboxWebhookTracker = { pending: Set<Promise<void>> };

export function trackSandboxWork(tracker: SandboxWebhookTracker, work: Promise<unknown>): void {
  const tracked = work.then(() => undefined);
  tracker.pending.add(tracked);
  void tracked.finally(() => tracker.pending.delete(tracked));
}

export function postSandboxWebhook(
  tracker: SandboxWebhookTracker,
  request: { url: string; headers: Record<string, string>; body: string },
  record: (status: number) => void,
): Promise<number> {
  const delivery = fetch(request.url, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(10_000),
  })
    .then(async (response) => {
      await response.body?.cancel();
      return response.status;
    })
    .catch(() => 0)
    .then((status) => {
      record(status);
      return status;
    });
  trackSandboxWork(tracker, delivery);
  return delivery;
}

/** Waits until every webhook a fake has started posting (and whatever those set off) is answered. */
export async function flushSandboxWebhooks(tracker: SandboxWebhookTracker): Promise<void> {
  while (tracker.pending.size > 0) await Promise.all([...tracker.pending]);
}

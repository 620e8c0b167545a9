const SMALL_FORM_BYTES = 1024 * 1024;

/**
 * What form-data uploads may hold at once in this process (issue 24): a byte budget shared by every request, and a
 * few places per client (a member, or an address when nobody is signed in) for requests over 1 MB. A request is let in whole or not at
 * all: past either bound it is refused at once (503 / 429), never queued without end.
 */
export function uploadBudget(totalBytes: number, perClient: number) {
  let used = 0;
  const inFlight = new Map<string, number>();
  // Forms without sizeable files (a profile entry's fields) need no place of their own: several at once are fine.
  const needsPlace = (bytes: number) => bytes > SMALL_FORM_BYTES;
  return {
    take(client: string, bytes: number): 'ok' | 'client-busy' | 'full' {
      const mine = inFlight.get(client) ?? 0;
      if (needsPlace(bytes) && mine >= perClient) return 'client-busy';
      // One request larger than the whole budget still gets in when nothing else is being received.
      if (used > 0 && used + bytes > totalBytes) return 'full';
      used += bytes;
      if (needsPlace(bytes)) inFlight.set(client, mine + 1);
      return 'ok';
    },
    give(client: string, bytes: number) {
      used = Math.max(0, used - bytes);
      if (!needsPlace(bytes)) return;
      const mine = (inFlight.get(client) ?? 1) - 1;
      if (mine > 0) inFlight.set(client, mine);
      else inFlight.delete(client);
    },
    get usedBytes() {
      return used;
    },
  };
}

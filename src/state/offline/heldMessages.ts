/**
 * The offline send queue (issue 29): a message sent to the real API while the browser is
 * offline is held (storage/offlineOutbox.ts) and shown among the queued messages, and it
 * is sent when the connection returns, exactly once, or given back to the message box if
 * the user cancels it. The held messages of a session the user is not looking at are
 * sent in that session, off screen (heldInBackground.ts); its row shows it writing.
 *
 * Exactly once, across tabs and reloads: a message leaves the outbox by `take` only,
 * under a Web Lock where the browser has them, and only the caller that took it sends it.
 */
import { browserOffline } from '../../llm/offline';
import { browserOutbox, type HeldMessage, type OfflineOutbox } from '../../storage/offlineOutbox';
import type { LiveSession } from '../app/liveSession';
import { getRuntime, hasRuntime } from '../app/runtime';
import { prependToComposer } from '../slices/composer/actions';
import { get, set, subscribe } from '../store/storeAccess';

/** Said on each held message's chip while the browser is offline. */
export const HELD_OFFLINE_LABEL = 'Offline: will send when you are back online';

const LOCK_NAME = 'baton-offline-outbox';

/** Told in this tab after each change of the outbox (other tabs hear of it by the storage event). */
const HELD_CHANGED = 'baton-held-changed';

function announce(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(HELD_CHANGED));
}

/** Runs `work` while no other tab of this site runs it (where the browser has Web Locks). */
async function exclusively<T>(work: () => T): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  return locks.request(LOCK_NAME, () => work());
}

/** The open session's held messages into the store, for the chips. */
export function showHeld(outbox: OfflineOutbox | undefined = browserOutbox()): void {
  const sessionId = get().activeSessionId;
  const held = sessionId && outbox ? outbox.heldFor(sessionId) : [];
  set({ heldOffline: held.map(({ id, text }) => ({ id, text })) });
}

/**
 * Holds `text` for the session on screen if the browser is offline; false (send it as
 * ever) when online, or when this browser cannot store it (it then fails with the
 * offline sentence and the text stays in the transcript to send again).
 */
export function holdIfOffline(sessionId: string, text: string): boolean {
  if (!browserOffline()) return false;
  const outbox = browserOutbox();
  if (!outbox) return false;
  try {
    outbox.hold(sessionId, text);
  } catch {
    return false;
  }
  showHeld(outbox);
  announce();
  return true;
}

/**
 * Sends the open session's held messages, oldest first, each taken from the outbox just
 * before it is sent (a reload between two sends keeps the rest held). Waits for each
 * reply: the next message belongs after it.
 */
export type SendHeld = (live: LiveSession, text: string) => Promise<void>;

export async function sendHeld(send: SendHeld): Promise<void> {
  const outbox = browserOutbox();
  if (!outbox || !hasRuntime()) return;
  const live = getRuntime().current;
  const sessionId = live.session.header.id;
  // The user went to another session: the rest wait for it (or go in the background).
  const stillShown = () => getRuntime().current === live && get().activeSessionId === sessionId;
  await sendEach(outbox, live, send, stillShown);
}

/** Sends what is held for `live`'s session, one after the other, while online and `goOn()` holds. */
async function sendEach(
  outbox: OfflineOutbox,
  live: LiveSession,
  send: SendHeld,
  goOn: () => boolean = () => true,
): Promise<void> {
  const sessionId = live.session.header.id;
  for (;;) {
    if (browserOffline() || !goOn()) break;
    const next: HeldMessage | undefined = await exclusively(() => {
      const first = outbox.heldFor(sessionId)[0];
      return first ? outbox.take(first.id) : undefined;
    });
    showHeld(outbox);
    if (!next) break;
    announce();
    await send(live, next.text);
  }
}

/**
 * Runs `work` on session `sessionId` off screen (see heldInBackground.ts); resolves once
 * it has settled, or at once when that session cannot be run here now.
 */
export type RunElsewhere = (sessionId: string, work: (live: LiveSession) => Promise<void>) => Promise<void>;

/** How the held messages go out: `send` in the open session, `sendElsewhere` in one off screen. */
export interface HeldSenders {
  send: SendHeld;
  sendElsewhere: SendHeld;
  runElsewhere: RunElsewhere;
}

/**
 * Sends the messages held for sessions not on screen, each session in the background:
 * the user sent them, and they waited only for the network. One sender per session
 * (a Web Lock where the browser has them, for the other tabs; `busy` in this one).
 */
function sendHeldElsewhere(senders: HeldSenders, busy: Set<string>): void {
  const outbox = browserOutbox();
  if (!outbox || !hasRuntime() || browserOffline()) return;
  const shown = getRuntime().current.session.header.id;
  for (const sessionId of new Set(outbox.all().map((held) => held.sessionId))) {
    if (sessionId === shown || busy.has(sessionId)) continue;
    busy.add(sessionId);
    void onlyOneTab(`${LOCK_NAME}:${sessionId}`, () =>
      senders.runElsewhere(sessionId, (live) => sendEach(outbox, live, senders.sendElsewhere)),
    )
      .catch(() => undefined)
      .finally(() => busy.delete(sessionId));
  }
}

/** Runs `work` unless another tab holds lock `name` (where the browser has Web Locks). */
async function onlyOneTab(name: string, work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  await locks.request(name, { ifAvailable: true }, (lock) => (lock ? work() : undefined));
}

/** The user cancels a held message: it is not sent, and its text goes back to the message box. */
export async function cancelHeld(id: string): Promise<void> {
  const outbox = browserOutbox();
  if (!outbox) return;
  const taken = await exclusively(() => outbox.take(id));
  showHeld(outbox);
  announce();
  if (taken) prependToComposer(taken.text);
}

/**
 * From start-up on: held messages are shown for the open session, and sent when the
 * browser comes back online or a session holding some is opened while online; those of
 * sessions not on screen are sent in the background. Another tab's holds and sends reach
 * the chips through the storage event. Returns the stop.
 */
export function followConnection(senders: HeldSenders): () => void {
  let sending = false;
  const elsewhere = new Set<string>();
  const trySend = async () => {
    if (sending || browserOffline() || !hasRuntime()) return;
    sending = true;
    try {
      // A session being opened is not the one on screen yet: its messages wait for it.
      await getRuntime().opening.settled();
      sendHeldElsewhere(senders, elsewhere);
      await sendHeld(senders.send);
    } finally {
      sending = false;
    }
  };
  // The store is watched for a change of session only while something is held: a send or
  // a handoff with nothing held runs none of this (src/state/flowFiles.test.ts).
  let unsubscribe: (() => void) | undefined;
  const sync = () => {
    const outbox = browserOutbox();
    showHeld(outbox);
    const anyHeld = (outbox?.all().length ?? 0) > 0;
    if (anyHeld && !unsubscribe) {
      unsubscribe = subscribe((state, previous) => {
        if (state.activeSessionId === previous.activeSessionId) return;
        showHeld();
        void trySend();
      });
    } else if (!anyHeld && unsubscribe) {
      unsubscribe();
      unsubscribe = undefined;
    }
  };
  sync();
  void trySend();
  if (typeof window === 'undefined') return () => unsubscribe?.();
  const onOnline = () => void trySend();
  const events = ['offline', 'storage', HELD_CHANGED] as const;
  window.addEventListener('online', onOnline);
  for (const name of events) window.addEventListener(name, sync);
  return () => {
    window.removeEventListener('online', onOnline);
    for (const name of events) window.removeEventListener(name, sync);
    unsubscribe?.();
  };
}

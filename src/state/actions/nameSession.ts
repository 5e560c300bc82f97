/**
 * Names a session with the model after its first exchange (Settings → General, "Name
 * sessions with the model"): asks for a title (core/session/titleRequest.ts) and stores
 * it where the session is now, open, writing in the background, or only in the list.
 * Loaded lazily by afterReply.ts once a run has ended with the setting on and a key set.
 *
 * Nothing the user asked for: it is never awaited by a send, holds no tab lock, and a
 * failure leaves the first message's title with a line in the console, no notice.
 */

import { redactSecret } from '../../core/redactSecret';
import { firstExchangeToTitle } from '../../core/session/generatedTitle';
import { requestTitle } from '../../core/session/titleRequest';
import type { SessionEntry, SessionHeader } from '../../core/types/entry';
import { createSdkModelClient } from '../../llm/sdkModelClient';
import { getRuntime, hasRuntime } from '../app/runtime';
import { upsertSession } from '../slices/session/actions';
import { selectSession } from '../slices/session/selectors';
import type { Settings } from '../store/settings';
import { errorText, get } from '../store/storeAccess';

export interface RunEnd {
  /** The session's header and branch as the run left them. */
  header: SessionHeader;
  branch: readonly SessionEntry[];
  /** The model the session's replies come from. */
  model: string;
  settings: Settings;
}

/** Asks for a title if the run that ended was the session's first exchange, and stores it. */
export async function nameSession({ header, branch, model, settings }: RunEnd): Promise<void> {
  const exchange = firstExchangeToTitle(header, branch);
  if (!exchange) return;
  const redact = (text: string) => redactSecret(text, settings.apiKey);
  let title: string | undefined;
  try {
    title = await requestTitle({ client: titleClient(settings), model, exchange, redact });
  } catch (error) {
    console.warn(`Baton: the session keeps its first message's title (${redact(errorText(error))}).`);
    return;
  }
  if (title) storeTitle(exchange.sessionId, exchange.automatic, title);
}

/**
 * A client of its own: no retries, whose waits the status line would show as if a reply
 * were held up ("Retrying in N s"), and none of the reply client's retry reports. One
 * attempt is all a title is worth.
 */
function titleClient(settings: Settings) {
  return createSdkModelClient({
    apiKey: settings.apiKey.trim(),
    baseURL: settings.baseURL,
    label: settings.model,
    maxRetries: 0,
  });
}

/**
 * Stores `title` for session `id` if it still has its first message's title (`automatic`):
 * through the live session holding it (its log's header is the one its next write keeps),
 * else over the header the list holds, as a rename of a session not open is stored.
 */
function storeTitle(id: string, automatic: string, title: string): void {
  if (!hasRuntime()) return;
  const runtime = getRuntime();
  const live = runtime.lives.all.find((held) => held.session.header.id === id);
  if (live) {
    live.session.rename(title, automatic);
    return;
  }
  const header = selectSession(id)(get());
  if (header?.title !== automatic) return;
  const titled = { ...header, title };
  runtime.queue.saveHeader(titled);
  upsertSession(titled);
}

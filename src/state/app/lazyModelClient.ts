/**
 * The model client without the SDK up front: a ModelClient whose calls load the client
 * chunk (modelClients.ts: the SDK, the request builder, the error sentences, the demo)
 * on first use, then go to the client chooseModel picks. So a page that is only read
 * never loads the SDK; the first keystroke in the Message box starts loading it
 * (warmReply.ts), well before a request needs it.
 */
import { type ModelClient, ModelError } from '../../core/agent/types';
import { browserOffline, OFFLINE_SENTENCE } from '../../llm/offline';
import { demoModelFor, isDemo, modelLabel } from '../store/modelLabel';
import type { Settings } from '../store/settings';
import { get, set } from '../store/storeAccess';
import type { ModelChoice, ModelClientCache } from './modelClients';

/** Loads the client chunk once (the store keeps it: the runtime slice); later calls return the same promise. */
export function loadModelClients(): Promise<ModelClientCache> {
  const loading = get().modelClients;
  if (loading) return loading;
  const next = import('./modelClients').then((module) => new module.ModelClientCache());
  set({ modelClients: next });
  next.catch(() => {
    // The next call tries again (a chunk that failed to load, e.g. offline after a deploy).
    if (get().modelClients === next) set({ modelClients: null });
  });
  return next;
}

/** What chooseModel(settings) would give, with the client loaded when it is first called. */
export function chooseModelLazily(
  settings: Settings,
  onRetry: (attempt: number, max: number, waitMs?: number) => void,
): ModelChoice {
  // The client chosen for this settings snapshot, once the chunk has loaded: later calls
  // go straight to it, so a reply neither reads the store (where the chunk's promise is
  // kept) nor chooses again. A new snapshot (settings changed, the key forgotten) brings a
  // new lazy client that chooses afresh; a failed load is tried again on the next call.
  let chosen: ModelClient | undefined;
  const real = async () => {
    if (chosen) return chosen;
    let clients: ModelClientCache;
    try {
      clients = await loadModelClients();
    } catch (error) {
      throw chunkFailure(error);
    }
    chosen = clients.choose(settings, onRetry).client;
    return chosen;
  };
  const client: ModelClient = {
    label: modelLabel(settings),
    stream: async (request, onPartial) => (await real()).stream(request, onPartial),
    countTokens: async (request) => {
      const loaded = await real();
      // Callers fall back to an estimate when counting is missing or fails.
      if (!loaded.countTokens) throw new Error('This model client cannot count tokens.');
      return loaded.countTokens(request);
    },
  };
  return { client, model: isDemo(settings) ? demoModelFor(settings) : settings.model, label: client.label };
}

/**
 * The request could not even be made: the client chunk did not load. Offline, that is
 * the offline sentence the request itself would have ended in; otherwise the page is
 * out of date or its server gone, which a reload settles.
 */
function chunkFailure(error: unknown): ModelError {
  if (browserOffline()) return new ModelError('network', OFFLINE_SENTENCE);
  const why = error instanceof Error ? error.message : String(error);
  return new ModelError(
    'unknown',
    `Baton could not load the code that talks to the model (${why}). Reload the page and send again.`,
  );
}

/** Drops the cached SDK client (and the key it holds), if the chunk has been loaded at all. */
export function forgetModelClient(): void {
  void get()
    .modelClients?.then((clients) => clients.forget())
    .catch(() => undefined);
}

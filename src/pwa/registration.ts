/**
 * Registers Baton's service worker and offers each new version that it finds waiting
 * (src/pwa/sw). Loaded after the first interaction (startOnFirstUse.ts).
 *
 * Updates ask first: a new version installs beside the running one and waits. The page
 * offers it (pwaState.applyUpdate, shown by src/ui/pwa/UpdateNotice); only its Reload
 * tells the worker to take over, and this tab reloads once it has. Another tab's Reload
 * makes the new version control this tab too, but this tab never reloads by itself: it
 * keeps running its version (the worker keeps that version's files for it) until its
 * own Reload.
 *
 * Where service workers are unavailable (a private window, a policy) registration fails
 * and the app works on as before, without starting offline.
 */
import { pwaStore } from './pwaState';

declare const __BATON_BUILD__: string;

/** The worker's file, beside index.html (vite.config.ts: vite-plugin-pwa's `filename`). */
export const SERVICE_WORKER_URL = 'sw.js';

/** How often an open tab asks whether a new version has been deployed (a navigation asks too). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** The parts of the Service Worker API used here, so that a test can stand in for them. */
export interface WorkerLike extends EventTarget {
  readonly state: string;
  postMessage(message: unknown): void;
}

export interface RegistrationLike extends EventTarget {
  readonly installing: WorkerLike | null;
  readonly waiting: WorkerLike | null;
  readonly active: WorkerLike | null;
  update(): Promise<unknown>;
}

export interface ContainerLike extends EventTarget {
  register(url: string, options: { scope: string }): Promise<RegistrationLike | undefined>;
}

export interface RegisterOptions {
  /** Called when a new version waits, with what applies it (once the user asks). */
  onUpdate(apply: () => void): void;
  reload(): void;
}

/** The message the worker answers with skipWaiting() (src/pwa/sw/sw.ts). */
export const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

/**
 * Registers the worker at `url` for the page's directory. Resolves to the registration,
 * or undefined when the browser has none to give (no API, refused, stubbed out).
 */
export async function registerServiceWorker(
  container: ContainerLike | undefined,
  url: string,
  options: RegisterOptions,
): Promise<RegistrationLike | undefined> {
  if (!container) return undefined;
  let registration: RegistrationLike | undefined;
  try {
    registration = await container.register(url, { scope: './' });
  } catch {
    return undefined;
  }
  if (!registration) return undefined;
  const found = registration;

  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    options.reload();
  };
  let asked = false;
  const apply = () => {
    if (asked) return;
    asked = true;
    const waiting = found.waiting;
    // Another tab's Reload already made the new version active: this page just reloads.
    if (!waiting) {
      reloadOnce();
      return;
    }
    container.addEventListener('controllerchange', reloadOnce);
    // A page the worker did not control (a forced reload) sees no controllerchange.
    waiting.addEventListener('statechange', () => {
      if (waiting.state === 'activated') reloadOnce();
    });
    waiting.postMessage(SKIP_WAITING);
  };
  // A worker installed while another is active waits: a new version. The first worker
  // installs with none active and takes over at once (the first visit): nothing to offer.
  const offerIfWaiting = (worker: WorkerLike) => {
    if (worker.state === 'installed' && found.active) options.onUpdate(apply);
  };
  const watch = (worker: WorkerLike | null) => {
    if (!worker) return;
    worker.addEventListener('statechange', () => offerIfWaiting(worker));
  };
  if (found.waiting) offerIfWaiting(found.waiting);
  watch(found.installing);
  found.addEventListener('updatefound', () => watch(found.installing));
  return found;
}

/** Asks for new versions now and then while the tab is in view; a failed check waits for the next. */
function checkForUpdates(registration: RegistrationLike): void {
  const check = () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => {});
  };
  setInterval(check, UPDATE_CHECK_MS);
  let last = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (Date.now() - last < UPDATE_CHECK_MS / 6) return;
    last = Date.now();
    check();
  });
}

/** The page's entry to all of the above. */
export async function startServiceWorker(): Promise<void> {
  // Which build this tab runs, for a bug report (and the update tests).
  document.documentElement.dataset.batonBuild = __BATON_BUILD__;
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
  const registration = await registerServiceWorker(
    container as ContainerLike | undefined,
    SERVICE_WORKER_URL,
    {
      onUpdate: (apply) => pwaStore.setState({ applyUpdate: apply }),
      reload: () => window.location.reload(),
    },
  );
  if (registration) checkForUpdates(registration);
}

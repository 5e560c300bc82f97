/**
 * When the service worker is registered: after the user's first interaction (a pointer
 * or a key), at the next idle moment when no reply or handoff is being written. Before
 * that, nothing of it loads: the JavaScript fetched before the first interaction (bench
 * P5) does not grow, and installing the worker (it downloads every file of the app)
 * never competes with the first paint or with a reply on screen. The registration code
 * is a chunk of its own (./registration).
 */

const FIRST_USE = ['pointerdown', 'keydown'] as const;

let watching = false;
let used = false;
let busy = false;
let started = false;

function startWhenQuiet(): void {
  if (started || !used || busy) return;
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
  idle(() => {
    // Busy again meanwhile: the next quiet moment starts it.
    if (started || busy) return;
    started = true;
    void import('./registration').then(
      ({ startServiceWorker }) => startServiceWorker(),
      // The chunk did not load (the network dropped): the app works on, without offline start.
      () => {
        started = false;
      },
    );
  });
}

/** Watches for the first interaction; called once the app has drawn. */
export function startPwaOnFirstUse(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  const onUse = () => {
    used = true;
    for (const type of FIRST_USE) window.removeEventListener(type, onUse, true);
    startWhenQuiet();
  };
  for (const type of FIRST_USE) window.addEventListener(type, onUse, { capture: true, passive: true });
}

/** Whether a reply or handoff is being written: the registration waits for the end of it. */
export function setPwaBusy(value: boolean): void {
  busy = value;
  startWhenQuiet();
}

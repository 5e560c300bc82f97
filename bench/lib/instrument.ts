/**
 * What the bench installs in every page before the app's first script runs
 * (context.addInitScript), and the one definition of "painted" every figure uses.
 *
 * - a window.fetch wrapper that notes when each /v1/messages response resolves (the
 *   response headers are in: the first byte of a streamed reply);
 * - a PerformanceObserver for 'longtask' entries (buffered, so none is missed), and one
 *   for 'long-animation-frame' entries (what a long frame spent its time on, for traces
 *   in the results);
 * - a counter of IDBDatabase.prototype.transaction calls in 'readwrite' mode, with times;
 * - `whenPainted(check)`: resolves when `check()` (a DOM condition) has become true and
 *   the frame showing it has been painted (see below);
 * - `watchKeys()`: from then on, each key pressed timed from its keydown to the end of the
 *   next frame's rendering (P7), and the Event Timing entries of 16 ms or more;
 * - at start-up, if localStorage holds `bench:startup`, a whenPainted armed from the
 *   very start of the document (P3 times the page load itself).
 *
 * Everything here is serialised into the page, so `installBenchHooks` must stay
 * self-contained: no imports, no closures over module values.
 */

export interface FetchRecord {
  url: string;
  start: number;
  firstByte?: number;
}

export interface Painted {
  /** When the condition was first seen true. */
  seen: number;
  /** "Painted": see whenPainted. */
  painted: number;
}

export interface StartupArm {
  /** The newest session's title, which the session list must show. */
  newestTitle: string;
  /** How many session items the list must show at least. */
  minItems: number;
  timeoutMs: number;
}

/** A frame over 50 ms, as the Long Animation Frames API reports it (times in page ms). */
export interface LongFrame {
  start: number;
  duration: number;
  /** When rendering (rAF callbacks, style, layout, paint) began; 0 if the frame did not render. */
  renderStart: number;
  /** When style and layout began. */
  styleAndLayoutStart: number;
  /** Scripts over 5 ms in the frame: who called them, and how long each took. */
  scripts: Array<{ invoker: string; source: string; duration: number; forcedLayout: number }>;
}

/** One key pressed while watchKeys is on (times in page ms). */
export interface KeyRecord {
  key: string;
  /** The keydown's timeStamp: when the browser received the key. */
  start: number;
  /**
   * When the frame after the key had been rendered: a message posted from the first
   * requestAnimationFrame callback after the keydown runs once that frame's rendering
   * (style, layout, paint) is done. Unset until then.
   */
  painted?: number;
}

/** An Event Timing entry (PerformanceEventTiming) of 16 ms or more: the browser's own input-to-next-paint. */
export interface EventTimingRecord {
  name: string;
  start: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
  interactionId: number;
}

export interface BenchHooks {
  fetches: FetchRecord[];
  longTasks: Array<{ start: number; duration: number }>;
  longFrames: LongFrame[];
  writeTransactions: Array<{ time: number; stores: string[] }>;
  /** IndexedDB transactions of any mode begun and not yet finished (complete, error or abort). */
  openTransactions: number;
  /** When an IndexedDB transaction last began or finished. */
  lastTransactionActivity: number;
  /**
   * Resolves once `check()` is true and painted: `painted` is performance.now() in the
   * first requestAnimationFrame callback of the frame after the one that first showed
   * the state (seen outside a frame callback: the first rAF callback after it, then one
   * more rAF; seen in a rAF callback: the next rAF). Rejects after `timeoutMs`.
   */
  whenPainted(check: () => boolean, timeoutMs: number): Promise<Painted>;
  /** Keys timed since watchKeys was called. */
  keys: KeyRecord[];
  /** Event Timing entries of 16 ms or more since watchKeys was called. */
  eventTimings: EventTimingRecord[];
  /** Starts timing every key pressed in this page (once; later calls do nothing). */
  watchKeys(): void;
  /** Arms whenPainted(check) as `armed`, for a later page.evaluate to await. */
  arm(check: () => boolean, timeoutMs: number): void;
  armed?: Promise<Painted>;
  /** True if `element` has a box that overlaps the viewport. */
  onScreen(element: Element | null | undefined): boolean;
  /** The Sessions list (not the nav of the same name), if shown. */
  sessionList(): Element | null;
  /** The message box, if present and enabled. */
  usableComposer(): HTMLTextAreaElement | HTMLElement | null;
  /** P3's condition: the session list shows `minItems` items and `newestTitle`; the composer is usable. */
  startupReady(arm: StartupArm): boolean;
  /** Set when localStorage had `bench:startup`: whenPainted(startupReady) from the document's start. */
  startup?: Promise<Painted>;
}

declare global {
  interface Window {
    __bench?: BenchHooks;
  }
}

/** The init script. Runs in every frame of every page of a bench context, before any other script. */
export function installBenchHooks(): void {
  if (window.__bench) return;
  const fetches: FetchRecord[] = [];
  const longTasks: Array<{ start: number; duration: number }> = [];
  const longFrames: LongFrame[] = [];
  const writeTransactions: Array<{ time: number; stores: string[] }> = [];

  const originalFetch = window.fetch;
  window.fetch = function benchFetch(input: RequestInfo | URL, init?: RequestInit) {
    const response = originalFetch.call(window, input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (/\/v1\/messages(?:\?|$)/.test(url)) {
      const record: FetchRecord = { url, start: performance.now() };
      fetches.push(record);
      response.then(
        () => {
          record.firstByte = performance.now();
        },
        () => undefined,
      );
    }
    return response;
  };

  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No Long Tasks API: the figure that needs it reports that it could not measure.
  }
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        // Typed by hand: lib.dom has no PerformanceLongAnimationFrameTiming yet.
        const frame = entry as PerformanceEntry & {
          renderStart: number;
          styleAndLayoutStart: number;
          scripts: Array<{
            invoker: string;
            sourceURL: string;
            sourceFunctionName: string;
            sourceCharPosition: number;
            duration: number;
            forcedStyleAndLayoutDuration: number;
          }>;
        };
        longFrames.push({
          start: frame.startTime,
          duration: frame.duration,
          renderStart: frame.renderStart,
          styleAndLayoutStart: frame.styleAndLayoutStart,
          scripts: frame.scripts
            .filter((script) => script.duration > 5)
            .map((script) => ({
              invoker: script.invoker,
              source: `${script.sourceFunctionName || '(anonymous)'} ${script.sourceURL.replace(/^.*\//, '')}:${script.sourceCharPosition}`,
              duration: script.duration,
              forcedLayout: script.forcedStyleAndLayoutDuration,
            })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // No Long Animation Frames API: only the traces in the results are poorer for it.
  }

  const originalTransaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function benchTransaction(
    this: IDBDatabase,
    ...args: Parameters<IDBDatabase['transaction']>
  ) {
    const now = performance.now();
    if (args[1] === 'readwrite') {
      const names = args[0];
      writeTransactions.push({ time: now, stores: typeof names === 'string' ? [names] : Array.from(names) });
    }
    const tx = originalTransaction.apply(this, args);
    hooks.openTransactions++;
    hooks.lastTransactionActivity = now;
    let open = true;
    const finish = () => {
      if (!open) return;
      open = false;
      hooks.openTransactions--;
      hooks.lastTransactionActivity = performance.now();
    };
    // A request's error event that is handled does not end the transaction; abort follows one that is not.
    tx.addEventListener('complete', finish);
    tx.addEventListener('abort', finish);
    return tx;
  } as IDBDatabase['transaction'];

  const onScreen = (element: Element | null | undefined): boolean => {
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.height > 0 &&
      box.bottom > 0 &&
      box.right > 0 &&
      box.top < window.innerHeight &&
      box.left < window.innerWidth
    );
  };

  const whenPainted = (check: () => boolean, timeoutMs: number): Promise<Painted> =>
    new Promise((resolve, reject) => {
      let finished = false;
      const test = (inFrame: boolean): void => {
        if (finished) return;
        let ok = false;
        try {
          ok = check();
        } catch {
          ok = false;
        }
        if (!ok) return;
        finished = true;
        stop();
        const seen = performance.now();
        const paint = () => resolve({ seen, painted: performance.now() });
        // Seen in a frame callback: that frame paints it, the next one's callback is "after".
        if (inFrame) requestAnimationFrame(paint);
        else requestAnimationFrame(() => requestAnimationFrame(paint));
      };
      const observer = new MutationObserver(() => test(false));
      const onScroll = () => test(false);
      const frame = () => {
        if (finished) return;
        test(true);
        if (!finished) requestAnimationFrame(frame);
      };
      const timer = setTimeout(() => {
        if (finished) return;
        finished = true;
        stop();
        reject(new Error(`not painted within ${timeoutMs} ms`));
      }, timeoutMs);
      function stop(): void {
        observer.disconnect();
        clearTimeout(timer);
        window.removeEventListener('scroll', onScroll, true);
      }
      observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
      window.addEventListener('scroll', onScroll, true);
      requestAnimationFrame(frame);
      test(false);
    });

  const sessionList = (): Element | null =>
    document.querySelector(
      'ul[aria-label="Sessions"], ol[aria-label="Sessions"], [role="list"][aria-label="Sessions"]',
    );

  const usableComposer = () => {
    const box = document.querySelector<HTMLTextAreaElement>(
      'textarea[aria-label="Message"], [role="textbox"][aria-label="Message"]',
    );
    if (!box || box.matches(':disabled') || box.getAttribute('aria-disabled') === 'true') return null;
    return onScreen(box) ? box : null;
  };

  const startupReady = (arm: StartupArm): boolean => {
    if (!usableComposer()) return false;
    const list = sessionList();
    if (!list || !onScreen(list)) return false;
    const items = list.querySelectorAll('li, [role="listitem"]');
    if (items.length < arm.minItems) return false;
    for (const item of items) {
      if (item.textContent?.includes(arm.newestTitle)) return onScreen(item);
    }
    return false;
  };

  const keys: KeyRecord[] = [];
  const eventTimings: EventTimingRecord[] = [];
  let watchingKeys = false;
  const watchKeys = (): void => {
    if (watchingKeys) return;
    watchingKeys = true;
    // Capture on the window: before any handler of the page, whatever has the focus.
    window.addEventListener(
      'keydown',
      (event) => {
        const record: KeyRecord = { key: event.key, start: event.timeStamp };
        keys.push(record);
        requestAnimationFrame(() => {
          // A message is a task: it runs after this frame's style, layout and paint.
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            record.painted = performance.now();
            channel.port1.close();
          };
          channel.port2.postMessage(null);
        });
      },
      true,
    );
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          // Typed by hand: the fields of PerformanceEventTiming this reads.
          const timing = entry as PerformanceEntry & {
            processingStart: number;
            processingEnd: number;
            interactionId?: number;
          };
          eventTimings.push({
            name: timing.name,
            start: timing.startTime,
            duration: timing.duration,
            processingStart: timing.processingStart,
            processingEnd: timing.processingEnd,
            interactionId: timing.interactionId ?? 0,
          });
        }
        // durationThreshold is not in lib.dom's PerformanceObserverInit yet.
      }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    } catch {
      // No Event Timing API: P7 still has its own per-key times.
    }
  };

  const hooks: BenchHooks = {
    fetches,
    longTasks,
    longFrames,
    writeTransactions,
    openTransactions: 0,
    lastTransactionActivity: 0,
    keys,
    eventTimings,
    watchKeys,
    whenPainted,
    arm(check, timeoutMs) {
      const armed = whenPainted(check, timeoutMs);
      armed.catch(() => undefined);
      hooks.armed = armed;
    },
    onScreen,
    sessionList,
    usableComposer,
    startupReady,
  };
  window.__bench = hooks;

  let armed: StartupArm | undefined;
  try {
    const raw = location.pathname === '/' ? localStorage.getItem('bench:startup') : null;
    armed = raw ? (JSON.parse(raw) as StartupArm) : undefined;
  } catch {
    armed = undefined;
  }
  if (armed) {
    const arm = armed;
    const start = () => {
      hooks.startup = whenPainted(() => startupReady(arm), arm.timeoutMs);
      hooks.startup.catch(() => undefined);
    };
    // The observer needs a document to watch; at this point it has one.
    start();
  }
}

/**
 * The page's side of updates: a new version is offered, never applied by itself; Reload
 * asks the waiting worker to take over and reloads once it has. And where the browser
 * gives no service worker, the app goes on without one.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  type ContainerLike,
  type RegistrationLike,
  registerServiceWorker,
  SKIP_WAITING,
  type WorkerLike,
} from './registration';

class FakeWorker extends EventTarget implements WorkerLike {
  state = 'installing';
  readonly messages: unknown[] = [];
  postMessage(message: unknown): void {
    this.messages.push(message);
  }
  become(state: string): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget implements RegistrationLike {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  update = vi.fn(async () => undefined);

  /** What the browser does with a new version: found, installed, then waiting if another is active. */
  install(worker: FakeWorker): void {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    this.installing = null;
    if (this.active) {
      this.waiting = worker;
      worker.become('installed');
    } else {
      worker.become('installed');
      this.active = worker;
      worker.become('activating');
      worker.become('activated');
    }
  }

  /** What skipWaiting() leads to: the waiting worker becomes the active one. */
  activateWaiting(container: EventTarget): void {
    const worker = this.waiting;
    if (!worker) throw new Error('nothing waits');
    this.waiting = null;
    this.active = worker;
    worker.become('activating');
    container.dispatchEvent(new Event('controllerchange'));
    worker.become('activated');
  }
}

class FakeContainer extends EventTarget implements ContainerLike {
  constructor(readonly answer: () => Promise<RegistrationLike | undefined>) {
    super();
  }
  register = vi.fn((_url: string, _options: { scope: string }) => this.answer());
}

function setUp(registration = new FakeRegistration()) {
  const container = new FakeContainer(async () => registration);
  const onUpdate = vi.fn<(apply: () => void) => void>();
  const reload = vi.fn();
  return { registration, container, onUpdate, reload, options: { onUpdate, reload } };
}

describe('registerServiceWorker', () => {
  it("registers the page's worker for the page's directory", async () => {
    const { container, options } = setUp();
    expect(await registerServiceWorker(container, 'sw.js', options)).toBeDefined();
    expect(container.register).toHaveBeenCalledWith('sw.js', { scope: './' });
  });

  it('goes on without a worker where the browser has none, refuses one or stubs it out', async () => {
    const onUpdate = vi.fn();
    const reload = vi.fn();
    const refused = new FakeContainer(() => Promise.reject(new DOMException('blocked', 'SecurityError')));
    const stubbed = new FakeContainer(async () => undefined);
    expect(await registerServiceWorker(undefined, 'sw.js', { onUpdate, reload })).toBeUndefined();
    expect(await registerServiceWorker(refused, 'sw.js', { onUpdate, reload })).toBeUndefined();
    expect(await registerServiceWorker(stubbed, 'sw.js', { onUpdate, reload })).toBeUndefined();
    expect(onUpdate).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('offers nothing on a first visit: the first worker takes over at once', async () => {
    const { registration, container, onUpdate, reload, options } = setUp();
    await registerServiceWorker(container, 'sw.js', options);
    registration.install(new FakeWorker());
    container.dispatchEvent(new Event('controllerchange'));
    expect(onUpdate).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('offers a new version once it waits, and never reloads by itself', async () => {
    const { registration, container, onUpdate, reload, options } = setUp();
    registration.active = new FakeWorker();
    await registerServiceWorker(container, 'sw.js', options);
    const next = new FakeWorker();
    registration.install(next);
    expect(onUpdate).toHaveBeenCalledTimes(1);
    // Another tab's Reload: the new version takes over this tab too, which stays as it is.
    registration.activateWaiting(container);
    expect(reload).not.toHaveBeenCalled();
    expect(next.messages).toEqual([]);
  });

  it('offers a version that was already waiting when the page loaded', async () => {
    const { registration, container, onUpdate, options } = setUp();
    registration.active = new FakeWorker();
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    registration.waiting = waiting;
    await registerServiceWorker(container, 'sw.js', options);
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('on Reload, asks the waiting worker to take over and reloads once, when it has', async () => {
    const { registration, container, onUpdate, reload, options } = setUp();
    registration.active = new FakeWorker();
    await registerServiceWorker(container, 'sw.js', options);
    const next = new FakeWorker();
    registration.install(next);
    const apply = onUpdate.mock.calls[0]?.[0];
    if (!apply) throw new Error('no update offered');
    apply();
    apply();
    expect(next.messages).toEqual([SKIP_WAITING]);
    expect(reload).not.toHaveBeenCalled();
    registration.activateWaiting(container);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads at once when another tab's Reload has already put the new version in charge", async () => {
    const { registration, container, onUpdate, reload, options } = setUp();
    registration.active = new FakeWorker();
    await registerServiceWorker(container, 'sw.js', options);
    const next = new FakeWorker();
    registration.install(next);
    registration.activateWaiting(container);
    onUpdate.mock.calls[0]?.[0]();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(next.messages).toEqual([]);
  });

  it('reloads a page the worker did not control once the new version is activated', async () => {
    const { registration, container, onUpdate, reload, options } = setUp();
    registration.active = new FakeWorker();
    await registerServiceWorker(container, 'sw.js', options);
    const next = new FakeWorker();
    registration.install(next);
    onUpdate.mock.calls[0]?.[0]();
    // No controllerchange for a page loaded past the worker (a forced reload).
    next.become('activated');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

// @vitest-environment jsdom
/**
 * The service worker's code loads after the first interaction, and never while a reply
 * or handoff is being written. The registration module marks the page with its build
 * when it runs (jsdom has no service workers, so it registers nothing): that mark is
 * what these tests watch for.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('./startOnFirstUse');

let start: Module;

const loaded = () => document.documentElement.dataset.batonBuild !== undefined;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(async () => {
  vi.resetModules();
  delete document.documentElement.dataset.batonBuild;
  start = await import('./startOnFirstUse');
});

afterEach(() => {
  delete document.documentElement.dataset.batonBuild;
});

describe('startPwaOnFirstUse', () => {
  it('loads nothing before the first interaction', async () => {
    start.startPwaOnFirstUse();
    await pause(400);
    expect(loaded()).toBe(false);
  });

  it('loads the registration after a key or a pointer goes down', async () => {
    start.startPwaOnFirstUse();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await vi.waitFor(() => expect(loaded()).toBe(true));
  });

  it('waits while a reply is being written, and loads once it has finished', async () => {
    start.startPwaOnFirstUse();
    start.setPwaBusy(true);
    window.dispatchEvent(new Event('pointerdown'));
    await pause(400);
    expect(loaded()).toBe(false);
    start.setPwaBusy(false);
    await vi.waitFor(() => expect(loaded()).toBe(true));
  });
});

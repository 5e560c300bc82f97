// @vitest-environment jsdom
/**
 * The Sync section's loader: the form once the page's SyncController is there, and a
 * sentence (not a blank panel, not a crash) when it cannot be had.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../../testing/testRoot';
import type { SyncController } from '../../../sync/syncContract';
import { SyncPanel } from './SyncPanel';

const getSyncController = vi.hoisted(() => vi.fn<() => Promise<SyncController>>());
vi.mock('../../../state/sync/syncController', () => ({ getSyncController }));

const page = testRoot();

const controller: SyncController = {
  start: async () => {},
  stop: async () => {},
  forget: async () => {},
  saved: async () => undefined,
  status: () => ({ phase: 'off' }),
  subscribe: () => () => {},
};

/** Lets the dynamic import and the controller's promise settle. */
const settled = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

beforeEach(() => {
  getSyncController.mockReset();
});

describe('SyncPanel', () => {
  it('draws the form with the controller it was given', async () => {
    getSyncController.mockResolvedValue(controller);
    page.render(<SyncPanel />);
    expect(page.container.textContent).toBe('Loading sync…');
    await settled();
    await settled();
    expect(page.container.querySelector('[role="status"][aria-label="Sync status"]')?.textContent).toBe(
      'Sync is off',
    );
  });

  it('says so when sync cannot be loaded', async () => {
    getSyncController.mockRejectedValue(new Error('the worker did not start'));
    page.render(<SyncPanel />);
    await settled();
    await settled();
    expect(page.container.querySelector('[role="alert"]')?.textContent).toBe(
      'Sync could not be loaded: the worker did not start. Reload the page to try again.',
    );
  });
});

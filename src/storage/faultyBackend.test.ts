/**
 * The test-only fault decorator around the real IndexedDB backend: writes fail, are cut
 * off inside their transaction, or pause around the handoff switch, as the hooks say at
 * the moment of each write; with no hook armed it changes nothing.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  makeCustomEntry,
  makeHeader,
  makeMessageEntry,
  uniqueDbName,
} from '../../testing/fixtures/storageTestFixtures';
import type { ChangeWriter } from './backend';
import { type FaultHooks, isHandoffSwitch, withFaults } from './faultyBackend';
import type { ChangeSet } from './records';
import { type BatonDb, openBatonDb } from './schema';
import { ACTIVE_SESSION_KEY, SessionRepository } from './sessionRepository';
import { WriteQueue } from './writeQueue';

let repo: SessionRepository;
let raw: BatonDb;
let hooks: FaultHooks | undefined;
let faulty: ChangeWriter;

beforeEach(async () => {
  const name = uniqueDbName();
  repo = await SessionRepository.open(name);
  raw = await openBatonDb(name);
  hooks = {};
  faulty = withFaults(repo, () => hooks);
});
afterEach(() => {
  repo.close();
  raw.close();
});

const plain: ChangeSet = { put: [{ kind: 'entry', value: makeMessageEntry('s1', 'e1', 1) }] };

/** What WriteQueue.commitHandoff writes for a switch from `parent` to `child`. */
function switchTo(child: string): ChangeSet {
  return {
    put: [
      { kind: 'entry', value: makeCustomEntry(child, `${child}-handoff`, 5) },
      { kind: 'header', value: makeHeader('parent', { children: [child] }) },
      { kind: 'header', value: makeHeader(child, { parentSession: 'parent' }) },
      { kind: 'setting', key: ACTIVE_SESSION_KEY, value: child },
    ],
  };
}

describe('withFaults', () => {
  it('passes every write through untouched while nothing is armed, or no hooks are set at all', async () => {
    expect((await faulty.apply(plain)).committed?.seq).toBe(1);
    hooks = undefined;
    expect((await faulty.apply(switchTo('child'))).committed?.seq).toBe(2);
    expect(await raw.get('sessions', 'child')).toBeDefined();
  });

  it('failWrites: fails that many writes at once with a QuotaExceededError, counting down', async () => {
    hooks = { failWrites: 2 };
    await expect(faulty.apply(plain)).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(hooks.failWrites).toBe(1);
    await expect(faulty.apply(plain)).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(await raw.get('entries', 'e1')).toBeUndefined();
    expect((await faulty.apply(plain)).committed).toBeDefined();
    expect(hooks.failWrites).toBe(0);
  });

  it('abortWritesMidway: the write puts its records, then is cut off; nothing of it lands', async () => {
    hooks = { abortWritesMidway: 1 };
    await expect(faulty.apply(plain)).rejects.toMatchObject({ name: 'AbortError' });
    expect(await raw.get('entries', 'e1')).toBeUndefined();
    expect(await repo.changes()).toEqual({ changes: [], checkpoint: 0 });
    expect((await faulty.apply(plain)).committed?.seq).toBe(1);
  });

  it('cutHandoffWrite: cuts the next switch only, once, and lets other writes by', async () => {
    hooks = { cutHandoffWrite: true };
    await faulty.apply(plain);
    expect(hooks.cutHandoffWrite).toBe(true);
    await expect(faulty.apply(switchTo('child'))).rejects.toMatchObject({ name: 'AbortError' });
    expect(hooks.cutHandoffWrite).toBe(false);
    expect(await raw.get('sessions', 'child')).toBeUndefined();
    expect(await raw.get('settings', ACTIVE_SESSION_KEY)).toBeUndefined();
    await faulty.apply(switchTo('child'));
    expect(await raw.get('settings', ACTIVE_SESSION_KEY)).toBe('child');
  });

  it('awaits beforeHandoffCommit before the switch is written and afterHandoffCommit once it is', async () => {
    const steps: string[] = [];
    let release: () => void = () => {};
    hooks = {
      beforeHandoffCommit: async () => {
        steps.push(`before: ${String(await raw.get('settings', ACTIVE_SESSION_KEY))}`);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      afterHandoffCommit: async () => {
        steps.push(`after: ${String(await raw.get('settings', ACTIVE_SESSION_KEY))}`);
      },
    };
    await faulty.apply(plain); // not a switch: no pause
    expect(steps).toEqual([]);
    const switching = faulty.apply(switchTo('child'));
    await expect.poll(() => steps).toEqual(['before: undefined']);
    expect(await raw.get('sessions', 'child')).toBeUndefined();
    release();
    await switching;
    expect(steps).toEqual(['before: undefined', 'after: child']);
  });

  it('holdWrites: each write other than a switch waits for it, and lands once it settles', async () => {
    let release: () => void = () => {};
    let held = 0;
    hooks = {
      holdWrites: () => {
        held += 1;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    };
    const writing = faulty.apply(plain);
    await expect.poll(() => held).toBe(1);
    expect(await raw.get('entries', 'e1')).toBeUndefined();
    release();
    expect((await writing).committed?.seq).toBe(1);
    // The switch is not held by it (its own hooks pause it).
    await faulty.apply(switchTo('child'));
    expect(held).toBe(1);
    expect(await raw.get('settings', ACTIVE_SESSION_KEY)).toBe('child');
  });

  it('puts the queue in the state the app shows on a full disk: kept, reported, retried', async () => {
    hooks = { failWrites: 1 };
    const errors: string[] = [];
    const queue = new WriteQueue(faulty, { retryDelaysMs: [1], onError: (error) => errors.push(error.name) });
    queue.start();
    queue.saveEntry(makeMessageEntry('s1', 'e1', 1));
    await expect(queue.flush()).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(queue.pendingEntryIds()).toEqual(['e1']);
    await expect.poll(() => queue.hasPendingWrites()).toBe(false);
    expect(errors).toEqual(['QuotaExceededError']);
    expect(await raw.get('entries', 'e1')).toBeDefined();
    queue.dispose();
  });
});

describe('isHandoffSwitch', () => {
  it('is a handoff entry with the active pointer moved to its session, in one change set', () => {
    expect(isHandoffSwitch(switchTo('child'))).toBe(true);
    expect(isHandoffSwitch(plain)).toBe(false);
    const handoff = { kind: 'entry' as const, value: makeCustomEntry('child', 'child-handoff', 5) };
    // The handoff entry saved again later, or the pointer moved elsewhere, is no switch.
    expect(isHandoffSwitch({ put: [handoff] })).toBe(false);
    expect(
      isHandoffSwitch({ put: [handoff, { kind: 'setting', key: ACTIVE_SESSION_KEY, value: 'other' }] }),
    ).toBe(false);
  });
});

// @vitest-environment jsdom
/**
 * Settings → Sync over a stand-in SyncController: the checks before a start (a sentence
 * next to the field, nothing typed lost), what start is given, the button while it
 * runs, a refused start's sentence in the status region, the status as it changes,
 * the saved settings filling the form, and Forget emptying it.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../../testing/testRoot';
import { type SyncController, SyncError } from '../../../sync/syncContract';
import type { SyncSettings, SyncStatus } from '../../../sync/syncStatus';
import { SyncForm } from './SyncForm';

const page = testRoot();

/** A controller whose start waits for the test to settle it, and whose status the test sets. */
function fakeController(saved?: { settings: SyncSettings; running: boolean; hasKeys: boolean }) {
  let status: SyncStatus = { phase: 'off' };
  const listeners = new Set<(status: SyncStatus) => void>();
  let settle: { resolve(): void; reject(error: unknown): void } | undefined;
  const controller = {
    start: vi.fn(
      (_settings: SyncSettings, _passphrase: string) =>
        new Promise<void>((resolve, reject) => {
          settle = { resolve, reject };
        }),
    ),
    stop: vi.fn(async () => {}),
    forget: vi.fn(async () => {}),
    saved: vi.fn(async () => saved),
    status: () => status,
    subscribe(listener: (status: SyncStatus) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } satisfies SyncController;
  return {
    controller,
    emit(next: SyncStatus) {
      status = next;
      act(() => {
        for (const listener of listeners) listener(next);
      });
    },
    async resolveStart() {
      await act(async () => settle?.resolve());
    },
    async rejectStart(error: unknown) {
      await act(async () => settle?.reject(error));
    },
  };
}

function field(name: string): HTMLInputElement {
  const label = [...page.container.querySelectorAll('label')].find((each) => each.textContent === name);
  const input = label && document.getElementById(label.htmlFor);
  if (!(input instanceof HTMLInputElement)) throw new Error(`no field labelled ${name}`);
  return input;
}

/** Types into a React-controlled input as the browser does: the value, then an input event. */
function type(name: string, value: string) {
  const input = field(name);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function button(name: string): HTMLButtonElement {
  const found = [...page.container.querySelectorAll('button')].find(
    (each) => each.textContent?.replace(/\s*…$/, '') === name,
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

const click = (name: string) => act(() => button(name).click());

function statusRegion(): HTMLElement {
  const region = page.container.querySelector('[role="status"][aria-label="Sync status"]');
  if (!(region instanceof HTMLElement)) throw new Error('no Sync status region');
  return region;
}

/** The sentence shown for `name`'s problem (through aria-describedby), if any. */
function problemOf(name: string): string | undefined {
  const ids = field(name).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id))
    .find((each) => each?.classList.contains('field-error'))
    ?.textContent?.trim();
}

async function render(fake: ReturnType<typeof fakeController>) {
  await page.renderSettled(<SyncForm controller={fake.controller} />);
}

function fillAll() {
  type('Database URL', 'https://couch.example.com/baton/');
  type('Username', 'ada');
  type('Password', 'pw');
  type('Passphrase', 'a long passphrase');
}

describe('SyncForm', () => {
  it('has the four fields, the passphrase said plainly, and the status region', async () => {
    await render(fakeController());
    expect(field('Database URL').placeholder).toBe('https://couch.example.com/baton');
    expect(field('Password').type).toBe('password');
    expect(field('Passphrase').type).toBe('password');
    expect(page.container.textContent).toContain(
      'The passphrase encrypts everything before it leaves this device',
    );
    expect(page.container.textContent).toContain('Never synced: the API key, MCP tokens and settings.');
    expect(statusRegion().textContent).toBe('Sync is off');
    expect(button('Stop sync').disabled).toBe(true);
  });

  it('refuses a start with problems next to their fields, keeps what was typed and focuses the first', async () => {
    const fake = fakeController();
    await render(fake);
    type('Database URL', 'https://ada:pw@couch.example.com/baton');
    type('Username', 'ada');
    click('Start sync');
    expect(problemOf('Database URL')).toBe(
      'Take the username and password out of the database URL and type them into their own fields.',
    );
    expect(problemOf('Passphrase')).toMatch(/^Enter a passphrase/);
    expect(field('Database URL').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Database URL'));
    expect(field('Database URL').value).toBe('https://ada:pw@couch.example.com/baton');
    expect(field('Username').value).toBe('ada');
    expect(fake.controller.start).not.toHaveBeenCalled();

    type('Database URL', 'ftp://couch.example.com/baton');
    click('Start sync');
    expect(problemOf('Database URL')).toBe('The database URL must start with https:// or http://.');
    type('Database URL', '');
    click('Start sync');
    expect(problemOf('Database URL')).toMatch(/^Enter the database URL/);
    expect(fake.controller.start).not.toHaveBeenCalled();
  });

  it('starts with the trimmed settings and the passphrase; the button waits, disabled, meanwhile', async () => {
    const fake = fakeController();
    await render(fake);
    fillAll();
    click('Start sync');
    expect(fake.controller.start).toHaveBeenCalledWith(
      { url: 'https://couch.example.com/baton', username: 'ada', password: 'pw' },
      'a long passphrase',
    );
    expect(button('Start sync').disabled).toBe(true);
    expect(button('Start sync').getAttribute('aria-busy')).toBe('true');
    expect(statusRegion().textContent).toBe('Checking the server…');
    // Enter in a field is Start sync too, but not twice at once.
    act(() =>
      field('Passphrase').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })),
    );
    expect(fake.controller.start).toHaveBeenCalledTimes(1);

    await fake.resolveStart();
    fake.emit({ phase: 'uploading', done: 4000, total: 100_000 });
    expect(statusRegion().textContent).toBe('Uploading 4,000 of 100,000');
    expect(button('Start sync').disabled).toBe(false);
    expect(button('Stop sync').disabled).toBe(false);
    fake.emit({ phase: 'synced', at: Date.now(), entries: 12_345, devices: 3, skipped: 0 });
    expect(statusRegion().textContent).toBe('Synced just now · 12,345 entries · 3 devices');

    await act(async () => button('Stop sync').click());
    expect(fake.controller.stop).toHaveBeenCalledTimes(1);
  });

  it("shows a refused start's sentence in the status region and keeps every field", async () => {
    const fake = fakeController();
    await render(fake);
    fillAll();
    click('Start sync');
    await fake.rejectStart(
      new SyncError(
        'unauthorized',
        'The server refused this username and password. Check them and try again.',
      ),
    );
    expect(statusRegion().textContent).toBe(
      'The server refused this username and password. Check them and try again.',
    );
    expect(field('Database URL').value).toBe('https://couch.example.com/baton/');
    expect(field('Password').value).toBe('pw');
    expect(field('Passphrase').value).toBe('a long passphrase');
    expect(button('Start sync').disabled).toBe(false);

    // Something that is not a SyncError is still a sentence.
    click('Start sync');
    expect(statusRegion().textContent).toBe('Checking the server…');
    await fake.rejectStart(new TypeError('Failed to fetch'));
    expect(statusRegion().textContent).toBe('Sync could not start: Failed to fetch');
  });

  it('fills the form from the saved settings, and then a passphrase is not needed', async () => {
    const fake = fakeController({
      settings: { url: 'https://couch.example.com/baton', username: 'ada', password: 'pw' },
      running: false,
      hasKeys: true,
    });
    await render(fake);
    expect(field('Database URL').value).toBe('https://couch.example.com/baton');
    expect(field('Username').value).toBe('ada');
    expect(field('Passphrase').value).toBe('');
    click('Start sync');
    expect(problemOf('Passphrase')).toBeUndefined();
    expect(fake.controller.start).toHaveBeenCalledWith(
      { url: 'https://couch.example.com/baton', username: 'ada', password: 'pw' },
      '',
    );
  });

  it('empties the fields after Forget this server, and asks for a passphrase again', async () => {
    const fake = fakeController({
      settings: { url: 'https://couch.example.com/baton', username: 'ada', password: 'pw' },
      running: true,
      hasKeys: true,
    });
    await render(fake);
    type('Passphrase', 'typed');
    await act(async () => button('Forget this server').click());
    expect(fake.controller.forget).toHaveBeenCalledTimes(1);
    for (const name of ['Database URL', 'Username', 'Password', 'Passphrase'])
      expect(field(name).value).toBe('');
    type('Database URL', 'https://couch.example.com/baton');
    click('Start sync');
    expect(problemOf('Passphrase')).toMatch(/^Enter a passphrase/);
  });
});

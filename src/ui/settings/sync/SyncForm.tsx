/**
 * Settings → Sync (issue 28): Database URL, Username, Password and Passphrase, Start
 * sync, Stop sync and Forget this server, and the "Sync status" region in words. Speaks
 * to the engine only through the SyncController. A problem with what was typed is a
 * sentence next to its field; a refused start is the engine's sentence in the status
 * region; either way the fields keep what was typed. Only Forget empties them.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { SyncController } from '../../../sync/syncContract';
import type { SyncStatus } from '../../../sync/syncStatus';
import { describeSyncStatus } from './describeSyncStatus';
import {
  checkSyncForm,
  SYNC_FORM_FIELDS,
  type SyncFormField,
  type SyncFormInput,
  type SyncFormProblems,
  syncSettingsFrom,
  URL_EXAMPLE,
} from './syncForm';
import './sync.css';

const EMPTY: SyncFormInput = { url: '', username: '', password: '', passphrase: '' };

/** How often "Synced 2 minutes ago" is written again while nothing else changes. */
const CLOCK_TICK_MS = 15_000;

type Busy = 'starting' | 'stopping' | 'forgetting' | null;

/** Sync is on (it may be offline or between batches) in these phases; off or stopped in the others. */
function isRunning(status: SyncStatus): boolean {
  return status.phase !== 'off' && status.phase !== 'error';
}

/** Date.now(), read again every CLOCK_TICK_MS while the form is shown. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The engine's status, kept as state: the contract does not promise that status() returns
 * the same object while nothing changed, which useSyncExternalStore would need.
 */
function useSyncStatus(controller: SyncController): SyncStatus {
  const [status, setStatus] = useState(() => controller.status());
  useEffect(() => {
    setStatus(controller.status());
    return controller.subscribe(setStatus);
  }, [controller]);
  return status;
}

export function SyncForm({ controller }: { controller: SyncController }) {
  const id = useId();
  const [input, setInput] = useState<SyncFormInput>(EMPTY);
  const [problems, setProblems] = useState<SyncFormProblems>({});
  const [hasKeys, setHasKeys] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  /** A refused start, stop or forget: shown in the status region until the next action. */
  const [failure, setFailure] = useState<string | null>(null);
  const status = useSyncStatus(controller);
  const now = useNow();
  const typed = useRef(false);
  const fields = useRef(new Map<SyncFormField, HTMLInputElement>());

  // The settings kept on this device fill the form, unless the user has started typing.
  useEffect(() => {
    let live = true;
    controller.saved().then(
      (saved) => {
        if (!live || !saved) return;
        setHasKeys(saved.hasKeys);
        if (!typed.current) setInput({ ...saved.settings, passphrase: '' });
      },
      // Nothing kept to show: the form starts empty, as on a first visit.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [controller]);

  const edit = (field: keyof SyncFormInput, value: string) => {
    typed.current = true;
    setInput((current) => ({ ...current, [field]: value }));
  };

  const act = async (which: Exclude<Busy, null>, run: () => Promise<void>) => {
    if (busy) return;
    setBusy(which);
    setFailure(null);
    try {
      await run();
    } catch (error) {
      // A SyncError's message is the sentence for the user; anything else is said as plainly.
      setFailure(
        error instanceof Error && error.name === 'SyncError'
          ? error.message
          : `Sync could not ${which === 'starting' ? 'start' : which === 'stopping' ? 'stop' : 'forget the server'}: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setBusy(null);
    }
  };

  const start = () => {
    if (busy) return;
    const found = checkSyncForm(input, hasKeys, location.origin);
    setProblems(found);
    const first = SYNC_FORM_FIELDS.find((field) => found[field]);
    if (first) {
      fields.current.get(first)?.focus();
      return;
    }
    void act('starting', async () => {
      await controller.start(syncSettingsFrom(input), input.passphrase);
      setHasKeys(true);
    });
  };
  const stop = () => void act('stopping', () => controller.stop());
  const forget = () =>
    void act('forgetting', async () => {
      await controller.forget();
      typed.current = false;
      setInput(EMPTY);
      setProblems({});
      setHasKeys(false);
    });

  // Not a form: the Settings dialog is one, and Enter there would be its Save (closing
  // the dialog). Enter in a field of this group is Start sync.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    start();
  };

  const shown =
    failure ??
    (busy === 'starting' && !isRunning(status)
      ? describeSyncStatus({ phase: 'checking' }, now)
      : describeSyncStatus(status, now));

  const field = (name: SyncFormField) => ({
    id: `${id}-${name}`,
    ref: (element: HTMLInputElement | null) => {
      if (element) fields.current.set(name, element);
      else fields.current.delete(name);
    },
    'aria-invalid': problems[name] ? true : undefined,
  });
  const problem = (name: SyncFormField) =>
    problems[name] && (
      <p id={`${id}-${name}-problem`} className="field-error">
        {problems[name]}
      </p>
    );
  const describedBy = (name: SyncFormField, hint?: string) =>
    [problems[name] && `${id}-${name}-problem`, hint].filter(Boolean).join(' ') || undefined;

  return (
    <fieldset className="settings-section sync-settings" onKeyDown={onKeyDown}>
      <legend>Sync</legend>
      <p className="muted">
        Keeps your sessions, attachments, workspace and memory files the same on every device, through a
        CouchDB database of your own. Never synced: the API key, MCP tokens and settings.
      </p>
      <label htmlFor={`${id}-url`}>Database URL</label>
      <input
        {...field('url')}
        type="url"
        autoComplete="url"
        placeholder={URL_EXAMPLE}
        value={input.url}
        aria-describedby={describedBy('url')}
        onChange={(e) => edit('url', e.target.value)}
      />
      {problem('url')}
      <label htmlFor={`${id}-username`}>Username</label>
      <input
        {...field('username')}
        autoComplete="username"
        value={input.username}
        aria-describedby={describedBy('username')}
        onChange={(e) => edit('username', e.target.value)}
      />
      {problem('username')}
      <label htmlFor={`${id}-password`}>Password</label>
      <input
        id={`${id}-password`}
        type="password"
        autoComplete="current-password"
        value={input.password}
        onChange={(e) => edit('password', e.target.value)}
      />
      <label htmlFor={`${id}-passphrase`}>Passphrase</label>
      <input
        {...field('passphrase')}
        type="password"
        autoComplete="off"
        value={input.passphrase}
        placeholder={hasKeys ? 'Kept on this device: leave empty to use it again' : undefined}
        aria-describedby={describedBy('passphrase', `${id}-passphrase-hint`)}
        onChange={(e) => edit('passphrase', e.target.value)}
      />
      {problem('passphrase')}
      <p id={`${id}-passphrase-hint`} className="muted">
        The passphrase encrypts everything before it leaves this device; use the same one on every device, and
        keep it safe: if it is lost, the copy on the server cannot be read by anyone.
      </p>
      <div className="sync-actions">
        <button type="button" disabled={busy !== null} aria-busy={busy === 'starting'} onClick={start}>
          Start sync
          {busy === 'starting' && (
            <span className="sync-progress" aria-hidden="true">
              {' '}
              …
            </span>
          )}
        </button>
        <button type="button" disabled={busy !== null || !isRunning(status)} onClick={stop}>
          Stop sync
        </button>
        <button type="button" disabled={busy !== null} onClick={forget}>
          Forget this server
        </button>
      </div>
      <p role="status" aria-label="Sync status" className="sync-status">
        {shown}
      </p>
    </fieldset>
  );
}

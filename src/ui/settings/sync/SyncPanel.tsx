/**
 * Settings → Sync, in a chunk of its own (sections/SyncSection.tsx): asks for the page's
 * SyncController, which loads the engine's side, and draws the form once it is there.
 */
import { useEffect, useState } from 'react';
import type { SyncController } from '../../../sync/syncContract';
import { SyncForm } from './SyncForm';

type Loading =
  | { state: 'loading' }
  | { state: 'ready'; controller: SyncController }
  | { state: 'failed'; message: string };

export function SyncPanel() {
  const [loading, setLoading] = useState<Loading>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    import('../../../state/sync/syncController')
      .then((module) => module.getSyncController())
      .then(
        (controller) => live && setLoading({ state: 'ready', controller }),
        (error: unknown) =>
          live &&
          setLoading({
            state: 'failed',
            message: `Sync could not be loaded: ${error instanceof Error ? error.message : String(error)}. Reload the page to try again.`,
          }),
      );
    return () => {
      live = false;
    };
  }, []);
  if (loading.state === 'ready') return <SyncForm controller={loading.controller} />;
  if (loading.state === 'failed') return <p role="alert">{loading.message}</p>;
  return <p className="muted">Loading sync…</p>;
}

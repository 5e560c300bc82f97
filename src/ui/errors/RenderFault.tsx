import type { BatonTestHooks } from '../../state/app/testHooks';
import type { Region } from './regions';

/**
 * Throws while `region` renders when an end-to-end test asked for it
 * (`window.__batonTestHooks.renderFault`, see src/state/app/testHooks.ts), so the test can
 * see that region's error boundary at work. Renders nothing and does nothing otherwise.
 */
export function RenderFault({ region }: { region: Region }): null {
  const hooks: BatonTestHooks | undefined =
    typeof window === 'undefined' ? undefined : window.__batonTestHooks;
  if (hooks?.renderFault === region) throw new Error(`a fault a test put into ${region}`);
  return null;
}

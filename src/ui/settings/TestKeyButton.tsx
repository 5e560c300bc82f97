import { type ReactNode, useState } from 'react';
import { testKey } from '../../state/actions/actions';
import type { Settings } from '../../state/store/settings';

/**
 * "Test key": one free request with the key, base URL and model as typed, and what came
 * back in words, read out as it arrives. A newer press replaces an older answer.
 */
export function TestKeyButton({
  draft,
  children,
}: {
  draft: Pick<Settings, 'apiKey' | 'baseURL' | 'model'>;
  /** Other buttons for the key, on the same row. */
  children?: ReactNode;
}) {
  const [state, setState] = useState<{ busy: boolean; text: string }>({ busy: false, text: '' });
  const run = async () => {
    setState({ busy: true, text: 'Testing the key…' });
    const text = await testKey({ apiKey: draft.apiKey, baseURL: draft.baseURL, model: draft.model });
    setState({ busy: false, text });
  };
  return (
    <>
      <div className="settings-row">
        <button type="button" disabled={state.busy} onClick={() => void run()}>
          Test key
        </button>
        {children}
      </div>
      <p className="key-test-result" role="status" data-testid="key-test-result">
        {state.text}
      </p>
    </>
  );
}

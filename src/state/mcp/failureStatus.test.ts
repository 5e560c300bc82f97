import { describe, expect, it } from 'vitest';
import type { McpFailureKind } from '../../mcp';
import { failureStatus } from './failureStatus';

describe('failureStatus', () => {
  it('offers Sign in again for every sign-in that ended without tokens', () => {
    const kinds: McpFailureKind[] = ['sign_in_needed', 'sign_in_refused', 'sign_in_state', 'sign_in_failed'];
    for (const kind of kinds) {
      expect(failureStatus(kind, 'why')).toEqual({ kind: 'sign_in', message: 'why' });
    }
  });

  it('offers Reconnect for any other failure, and for an error that is not the adapter’s', () => {
    const kinds: Array<McpFailureKind | undefined> = [
      'unreachable',
      'unauthorized',
      'timeout',
      'unknown',
      undefined,
    ];
    for (const kind of kinds) {
      expect(failureStatus(kind, 'why')).toEqual({ kind: 'error', message: 'why' });
    }
  });
});

/**
 * The row status a failed connect leaves. Any OAuth sign-in that did not end in tokens
 * (authorization gone, refused, a callback with a forged state, an exchange that failed)
 * is mended the same way, by signing in again, so the row offers Sign in again for each;
 * every other failure offers Reconnect.
 */
import type { McpFailureKind } from '../../mcp';
import type { McpServerStatus } from '../slices/mcp/initialState';

const SIGN_IN_KINDS: ReadonlySet<McpFailureKind | undefined> = new Set<McpFailureKind>([
  'sign_in_needed',
  'sign_in_refused',
  'sign_in_state',
  'sign_in_failed',
]);

/** `kind` is the McpAdapterError's, or undefined for any other error. */
export function failureStatus(kind: McpFailureKind | undefined, message: string): McpServerStatus {
  return SIGN_IN_KINDS.has(kind) ? { kind: 'sign_in', message } : { kind: 'error', message };
}

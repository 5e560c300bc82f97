/**
 * The browser without a network: how it is told, and what the user is told. Apart from
 * errorMessages.ts so that code running before the client chunk has loaded (the chunk
 * itself may be what could not be fetched) says it in the same words.
 */

export const OFFLINE_SENTENCE = 'This browser is offline. Reconnect to the network and send again.';

export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

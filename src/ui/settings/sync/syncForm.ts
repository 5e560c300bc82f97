/**
 * What the Sync form checks before asking the engine (issue 28): each problem is one
 * sentence shown next to its field, and nothing typed is changed by the check. The
 * engine checks the rest (reachable, CORS, credentials, the passphrase) itself.
 */
import { allowedByConnectSrc } from '../../../llm/connectPolicy';
import type { SyncSettings } from '../../../sync/syncStatus';

export interface SyncFormInput {
  url: string;
  username: string;
  password: string;
  passphrase: string;
}

/** The fields a problem can be about, in the form's order (the first one gets the focus). */
export const SYNC_FORM_FIELDS = ['url', 'username', 'passphrase'] as const;
export type SyncFormField = (typeof SYNC_FORM_FIELDS)[number];

export type SyncFormProblems = Partial<Record<SyncFormField, string>>;

export const URL_EXAMPLE = 'https://couch.example.com/baton';

function urlProblem(text: string, pageOrigin: string | undefined): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return `Enter the database URL, for example ${URL_EXAMPLE}.`;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return `The database URL is not a valid address: it should look like ${URL_EXAMPLE}.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'The database URL must start with https:// or http://.';
  // A URL with a password in it would be kept, shown and logged as a URL: the fields keep it apart.
  if (url.username !== '' || url.password !== '')
    return 'Take the username and password out of the database URL and type them into their own fields.';
  if (url.pathname.replace(/\/+$/, '') === '')
    return `The database URL must end with the database's name, as in ${URL_EXAMPLE}.`;
  if (url.search !== '' || url.hash !== '')
    return `The database URL must not have a query or a fragment: it should look like ${URL_EXAMPLE}.`;
  // The browser would refuse it with no word of why (the start would only say "unreachable").
  if (!allowedByConnectSrc(url.href, pageOrigin))
    return `Baton reaches plain http:// only on this computer (localhost, 127.0.0.1): use https:// for ${url.host}, which also keeps your password and data encrypted on the way.`;
  return undefined;
}

/**
 * The problems with `input`, by field; empty when it may be sent. `hasKeys`: this device
 * kept the keys of an earlier start, so an empty passphrase reuses them. `pageOrigin`: the
 * page's, for the security policy's 'self'.
 */
export function checkSyncForm(
  input: SyncFormInput,
  hasKeys: boolean,
  pageOrigin: string | undefined = undefined,
): SyncFormProblems {
  const problems: SyncFormProblems = {};
  const url = urlProblem(input.url, pageOrigin);
  if (url) problems.url = url;
  if (input.username.trim() === '' && input.password !== '')
    problems.username = 'Enter the username that goes with the password.';
  if (input.passphrase === '' && !hasKeys)
    problems.passphrase =
      'Enter a passphrase: it encrypts everything before it leaves this device, and every device needs the same one.';
  return problems;
}

/** The settings the engine is given for a form that passed the check. */
export function syncSettingsFrom(input: SyncFormInput): SyncSettings {
  return {
    url: input.url.trim().replace(/\/+$/, ''),
    username: input.username.trim(),
    password: input.password,
  };
}

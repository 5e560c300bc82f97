/**
 * The ways the model API fails, in one table for the mid-chat (chat-errors.spec.ts) and
 * the mid-handoff (handoff-errors.spec.ts) specs, with what the user must read for each.
 *
 * The sentences are copied from src/llm/errorMessages.ts on purpose: what the user reads
 * is the behaviour under test, so a change to it must show up here.
 */
import { expect, type Page } from '@playwright/test';
import { assistantMessages, composer, exchange, waitIdle, withoutCacheMarks } from './helpers';
import type { MockApi, MockStep } from './mock/mockApi';

export const TIMEOUT_SENTENCE = 'The model API took too long to answer. Try again.';
export const OFFLINE_SENTENCE = 'This browser is offline. Reconnect to the network and send again.';
const OVERLOADED_SENTENCE = 'The model is overloaded right now. Try again in a moment.';

export interface ApiFault {
  name: string;
  steps: MockStep[];
  sentence: string;
  /** How many requests the SDK makes before giving up (its retries included). */
  requests: number;
  /** Tried only mid-chat or only mid-handoff; both when unset. */
  during?: 'chat' | 'handoff';
  /** Text streamed before the failure, which must stay visible (mid-chat). */
  partial?: string;
  model?: string;
  /** The wait for a first byte shortened (see shortenRequestTimeout) so a hang fails in seconds. */
  shortTimeout?: boolean;
  /** The browser goes offline before the request. */
  offline?: boolean;
}

const API_FAULTS: ApiFault[] = [
  {
    name: '401 invalid key',
    steps: [{ kind: 'status', status: 401 }],
    sentence: 'The API key was rejected. Check it in Settings.',
    requests: 1,
  },
  {
    name: '403 permission denied',
    steps: [{ kind: 'status', status: 403 }],
    sentence:
      'The API key is not allowed to make this request. Check its permissions in the Anthropic Console.',
    requests: 1,
  },
  {
    name: '404 unknown model',
    steps: [{ kind: 'status', status: 404 }],
    model: 'claude-does-not-exist-9',
    sentence:
      'The model "claude-does-not-exist-9" was not found. Pick another model, or check the API base URL.',
    requests: 1,
  },
  {
    name: '429 rate limited, with retry-after',
    steps: [{ kind: 'status', status: 429, retryAfterSeconds: 7, shouldRetry: false }],
    sentence: 'Too many requests: the API asks to wait 7 seconds before trying again.',
    requests: 1,
  },
  {
    name: '500 internal error',
    steps: [{ kind: 'status', status: 500, shouldRetry: false }],
    sentence: 'The model API had an internal error (500). Try again in a moment.',
    requests: 1,
  },
  {
    name: 'an organisation that forbids browser access',
    steps: [{ kind: 'cors-forbidden' }],
    sentence:
      'Your organisation does not allow API calls from a browser. Ask an admin to allow browser access, or use a key from another organisation.',
    requests: 1,
  },
  // Mid-handoff, the 529 and the dropped connection are in handoff-refusals.spec.ts.
  {
    // No shouldRetry: the SDK retries a 529 twice, and the third answer is the one shown.
    name: '529 overloaded, after the SDK retries',
    during: 'chat',
    steps: [{ kind: 'status', status: 529, repeat: 3 }],
    sentence: OVERLOADED_SENTENCE,
    requests: 3,
  },
  {
    name: 'a mid-stream error event',
    during: 'chat',
    steps: [{ kind: 'stream-error', afterText: 'The first half of an answer', delayMsPerEvent: 20 }],
    sentence: OVERLOADED_SENTENCE,
    partial: 'The first half of an answer',
    requests: 1,
  },
  {
    name: 'a connection dropped mid-reply',
    during: 'chat',
    // Chromium throws away body chunks the page has not read yet when the socket dies: on a
    // loaded machine the default 100 ms before the drop can be too short to read them.
    steps: [
      {
        kind: 'drop',
        afterText: 'Half a reply before the line went',
        delayMsPerEvent: 20,
        dropDelayMs: 1500,
      },
    ],
    sentence: 'The connection dropped in the middle of the reply.',
    partial: 'Half a reply before the line went',
    requests: 1,
  },
  // Mid-chat, a server that never answers and the browser offline have tests of their own
  // in chat-errors.spec.ts, which check more than the table does.
  {
    name: 'a mid-stream api_error event',
    during: 'handoff',
    steps: [
      { kind: 'stream-error', afterText: '## Goal\nShip the', errorType: 'api_error', delayMsPerEvent: 20 },
    ],
    sentence: 'The model API had an internal error. Try again in a moment.',
    requests: 1,
  },
  {
    name: 'a server that accepts and never answers',
    during: 'handoff',
    steps: [{ kind: 'hang', repeat: 3 }],
    sentence: TIMEOUT_SENTENCE,
    requests: 3,
    shortTimeout: true,
  },
  {
    name: 'the browser offline',
    during: 'handoff',
    steps: [],
    sentence: OFFLINE_SENTENCE,
    requests: 0,
    offline: true,
  },
];

/** The faults tried mid-chat or mid-handoff. */
export function faultsDuring(during: 'chat' | 'handoff'): ApiFault[] {
  return API_FAULTS.filter((fault) => (fault.during ?? during) === during);
}

/** Shortens the wait for a first byte (src/state/modelClients.ts reads it) so a hang fails in seconds. */
export async function shortenRequestTimeout(page: Page): Promise<void> {
  await page.addInitScript((ms) => sessionStorage.setItem('baton.requestTimeoutMs', String(ms)), 1500);
}

/** Idle again: Ready, no Stop button, no retry report, and the composer empty and editable. */
export async function expectIdle(page: Page): Promise<void> {
  await waitIdle(page);
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(composer(page)).toBeEditable();
  await expect(composer(page)).toHaveValue('');
  await expect(page.getByText(/^Retrying \(/)).toHaveCount(0);
}

/**
 * The next message goes out as the last request, ending in the user's text alone, and
 * gets the mock's default reply. A message whose reply failed before saying anything is
 * sent again as itself first (issue 24: never merged into the next one), so one or two
 * requests go out.
 */
export async function expectAnswersAgain(page: Page, mockApi: MockApi): Promise<void> {
  const before = mockApi.requests.length;
  await exchange(page, 'Still there?');
  await expect(assistantMessages(page).last()).toHaveText(/^Mock reply to: .*Still there\?\s*$/);
  await expectIdle(page);
  const added = mockApi.requests.length - before;
  expect(added === 1 || added === 2, `${added} requests`).toBe(true);
  const last = mockApi.requests.at(-1)?.body.messages?.at(-1);
  expect(last?.role).toBe('user');
  // After a stop (not a failure) the stopped words still go with the next ones.
  expect(withoutCacheMarks(last?.content)).toEqual(
    expect.arrayContaining([{ type: 'text', text: 'Still there?' }]),
  );
}

/** Long enough that Esc lands inside the wait even on a loaded machine. */
export const RETRY_AFTER_S = 8;

/**
 * Presses Esc while the app waits to retry as the API asked, and checks the wait is over:
 * the app idle, its status line clear, and still no retry a second past the time the API
 * gave (a retry that was not cancelled would have reached the mock by then).
 */
export async function cancelRetryWait(page: Page, mockApi: MockApi): Promise<void> {
  const retrying = page.getByText('Retrying (1 of 2)…', { exact: true });
  await expect(retrying).toBeVisible();
  await composer(page).press('Escape');
  await expectIdle(page);
  await expect(retrying).toBeHidden();
  const failedAt = mockApi.requests.at(-1)?.time ?? Date.now();
  await page.waitForTimeout(Math.max(0, failedAt + (RETRY_AFTER_S + 1) * 1000 - Date.now()));
}

/**
 * An MCP server behind OAuth (issue 25), in Chromium through the UI against the harness's
 * OAuth test server (the SDK's server-side auth: resource and authorization-server
 * metadata, dynamic client registration, authorization code with PKCE, refresh): Connect
 * signs in through the app's popup and the row connects; a scripted tool call reaches the
 * server with the access token; the tokens outlive a reload and are refreshed; an expired and revoked
 * authorization, or a refused one, says so with Sign in again, which signs in afresh; a
 * callback with a forged state is refused with a sentence and nothing is stored.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { assistantMessages, send, settingsDialog, settingsSection, textReply, waitIdle } from './helpers';
import { expect, test } from './servers/fixtures';
import { ECHO, echoCall, permissionCards, toolResults } from './servers/mcpSteps';
import type { OAuthTestServer } from './servers/oauthTestServer';

const SIGN_IN_NEEDED =
  'Sign-in to test is needed: its authorization is missing, expired or withdrawn. Use Sign in again.';
const FORGED_STATE =
  'The sign-in answer for test does not match the sign-in Baton started (its state differs), so Baton ignored it. Sign in again.';

/** The secrets database of the app's main database `baton` (src/mcp/secretsDatabase.ts). */
const SECRETS_DATABASE = 'baton-secrets';

/** The access token a stored record holds, or '' when it holds none. */
const accessTokenOf = (record: Record<string, unknown> | undefined): string =>
  String((record?.tokens as { access_token?: string } | undefined)?.access_token ?? '');

const count = (server: OAuthTestServer, event: string) =>
  server.log.entries.filter((entry) => entry.event === event).length;

/** Opens Add MCP server with Authorization OAuth for the server, as "test", and presses Connect. */
async function addOAuthServer(page: Page, server: OAuthTestServer) {
  const panel = await settingsSection(page, 'Tools');
  await panel.getByRole('button', { name: 'Add MCP server' }).click();
  const form = panel.getByRole('group', { name: 'Add MCP server' });
  await form.getByLabel('Name').fill('test');
  await form.getByLabel('Server URL').fill(server.url);
  await form.getByLabel('Authorization').selectOption('oauth');
  await form.getByRole('button', { name: 'Connect' }).click();
  return panel;
}

/** The stored OAuth record of every server, as the app keeps them (keys of each record). */
function storedSecrets(page: Page): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(
    (name) =>
      new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('mcp-oauth').objectStore('mcp-oauth').getAll();
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            db.close();
            resolve(read.result as Array<Record<string, unknown>>);
          };
        };
      }),
    SECRETS_DATABASE,
  );
}

/** Counts the popups the page opens from now on. */
function countPopups(page: Page): () => number {
  let popups = 0;
  page.on('popup', () => {
    popups += 1;
  });
  return () => popups;
}

/** Adds the OAuth server through the form and waits until the sign-in has connected it. */
async function signIn(page: Page, oauthServer: OAuthTestServer): Promise<void> {
  const panel = await addOAuthServer(page, oauthServer);
  await expect(panel.getByRole('listitem', { name: 'test' }).getByText('Connected · 8 tools')).toBeVisible();
}

test('Connect signs in through the popup (discovery, registration, code with PKCE); the row connects and a tool call carries the token', async ({
  connected: page,
  mockApi,
  oauthServer,
}) => {
  // The authorize request the popup makes, as the server's authorization endpoint sees it.
  const authorizeUrls: URL[] = [];
  page.context().on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === oauthServer.origin && url.pathname === '/authorize') authorizeUrls.push(url);
  });
  const popupOpened = page.waitForEvent('popup');
  const panel = await addOAuthServer(page, oauthServer);
  const popup = await popupOpened;
  const row = panel.getByRole('listitem', { name: 'test' });
  await expect(row.getByText('Connected · 8 tools')).toBeVisible();
  // The popup went back to the app and was closed once its answer was read.
  await expect.poll(() => popup.isClosed()).toBe(true);

  // Discovery from the 401, then registration, the authorize step and the code exchange, once each.
  expect(count(oauthServer, 'oauth_unauthorized')).toBeGreaterThanOrEqual(1);
  expect(count(oauthServer, 'oauth_register')).toBe(1);
  expect(count(oauthServer, 'oauth_authorize')).toBe(1);
  expect(count(oauthServer, 'oauth_token')).toBe(1);
  const authorize = oauthServer.log.entries.find((entry) => entry.event === 'oauth_authorize');
  const register = oauthServer.log.entries.find((entry) => entry.event === 'oauth_register');
  expect(register?.detail).toBe('Baton');
  expect(authorize?.detail).toBeTruthy();
  // Authorization code with PKCE (S256), for the MCP endpoint as the resource, back to the app.
  expect(authorizeUrls).toHaveLength(1);
  const asked = authorizeUrls[0]?.searchParams;
  expect(asked?.get('response_type')).toBe('code');
  expect(asked?.get('code_challenge_method')).toBe('S256');
  expect(asked?.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(asked?.get('client_id')).toBe(authorize?.detail);
  expect(asked?.get('resource')).toBe(oauthServer.url);
  expect(asked?.get('redirect_uri')).toBe(new URL(page.url()).href.replace(/[?#].*$/, ''));
  expect(asked?.get('state')).toBeTruthy();

  // The tokens are stored beside the client registration; the sign-in in progress is gone.
  const [record] = await storedSecrets(page);
  expect(record?.tokens).toMatchObject({ token_type: 'Bearer' });
  expect(accessTokenOf(record)).toMatch(/^at-/);
  expect(record?.clientInformation).toMatchObject({ client_id: authorize?.detail });
  expect(record?.state).toBeUndefined();
  expect(record?.codeVerifier).toBeUndefined();
  const accessToken = accessTokenOf(record);

  await settingsDialog(page).getByRole('button', { name: 'Cancel' }).click();
  // Every request the page sends to the MCP endpoint, with its Authorization header.
  const mcpAuthorizations: string[] = [];
  page.on('request', (request) => {
    if (request.url() === oauthServer.url && request.method() === 'POST') {
      mcpAuthorizations.push(request.headers().authorization ?? '');
    }
  });
  mockApi.script(echoCall('toolu_oauth_1', 'behind a sign-in'), textReply('The server echoed it.'));
  await send(page, 'Echo something');
  await permissionCards(page).getByRole('button', { name: 'Allow once' }).click();
  await oauthServer.log.waitFor((entry) => entry.event === 'done' && entry.tool === 'echo');
  await expect(assistantMessages(page).last()).toContainText('The server echoed it.');
  await waitIdle(page);

  const call = oauthServer.log.entries.find((entry) => entry.event === 'call' && entry.tool === 'echo');
  expect(call?.args).toEqual({ text: 'behind a sign-in' });
  expect(mcpAuthorizations.length).toBeGreaterThan(0);
  expect(new Set(mcpAuthorizations)).toEqual(new Set([`Bearer ${accessToken}`]));
  const [result] = toolResults(mockApi.messageRequests()[1]?.body);
  expect(result).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_oauth_1' });
  expect(result?.is_error).toBeFalsy();
  expect(JSON.stringify(result?.content)).toContain('behind a sign-in');
  expect(mockApi.messageRequests()[0]?.body.tools?.map((tool) => (tool as { name: string }).name)).toContain(
    ECHO,
  );
  // Neither token ever went to the model API.
  const refreshToken = String((record?.tokens as { refresh_token?: string } | undefined)?.refresh_token);
  for (const request of mockApi.messageRequests()) {
    expect(JSON.stringify(request.body)).not.toContain(accessToken);
    expect(JSON.stringify(request.body)).not.toContain(refreshToken);
  }

  // Nor are they in the backup (Settings → Data).
  const data = (await settingsSection(page, 'Data')).getByRole('group', { name: 'Data' });
  const downloading = page.waitForEvent('download');
  await data.getByRole('button', { name: 'Download backup' }).click();
  const backupPath = await (await downloading).path();
  const backup = await readFile(backupPath, 'utf8');
  expect(backup).toContain('behind a sign-in');
  expect(backup).not.toContain(accessToken);
  expect(backup).not.toContain(refreshToken);
});

test('the tokens outlive a reload: the row connects again with no new sign-in', async ({
  connected: page,
  oauthServer,
}) => {
  await signIn(page, oauthServer);
  expect(count(oauthServer, 'oauth_authorize')).toBe(1);
  const unauthorizedBefore = count(oauthServer, 'oauth_unauthorized');

  const popups = countPopups(page);
  await page.reload();
  const again = await settingsSection(page, 'Tools');
  await expect(again.getByRole('listitem', { name: 'test' }).getByText('Connected · 8 tools')).toBeVisible();

  expect(popups()).toBe(0);
  expect(count(oauthServer, 'oauth_authorize')).toBe(1);
  expect(count(oauthServer, 'oauth_token')).toBe(1);
  expect(count(oauthServer, 'oauth_register')).toBe(1);
  // The stored access token was sent at once: the server never had to ask for one.
  expect(count(oauthServer, 'oauth_unauthorized')).toBe(unauthorizedBefore);
});

test('an expired access token is refreshed with no sign-in, and the new tokens are stored', async ({
  connected: page,
  oauthServer,
}) => {
  await signIn(page, oauthServer);
  const [first] = await storedSecrets(page);

  oauthServer.oauth.expireAccessTokens();
  const popups = countPopups(page);
  await page.reload();
  const tools = await settingsSection(page, 'Tools');
  await expect(tools.getByRole('listitem', { name: 'test' }).getByText('Connected · 8 tools')).toBeVisible();

  expect(popups()).toBe(0);
  expect(count(oauthServer, 'oauth_refresh')).toBe(1);
  expect(count(oauthServer, 'oauth_authorize')).toBe(1);
  const [refreshed] = await storedSecrets(page);
  expect(accessTokenOf(refreshed)).toMatch(/^at-/);
  expect(accessTokenOf(refreshed)).not.toBe(accessTokenOf(first));
});

test('an expired and revoked authorization says so with Sign in again, which signs in afresh', async ({
  connected: page,
  oauthServer,
}) => {
  await signIn(page, oauthServer);
  const [first] = await storedSecrets(page);

  // The user withdrew Baton's access: the access token stops working and no refresh is given.
  oauthServer.oauth.expireAccessTokens();
  oauthServer.oauth.revokeRefreshTokens();
  const popups = countPopups(page);
  await page.reload();
  const tools = await settingsSection(page, 'Tools');
  const row = tools.getByRole('listitem', { name: 'test' });
  await expect(row).toContainText(SIGN_IN_NEEDED);
  // Start-up never opens a window on its own: the user decides when to sign in.
  expect(popups()).toBe(0);
  expect(count(oauthServer, 'oauth_authorize')).toBe(1);
  // The refused refresh token is not kept.
  const [stale] = await storedSecrets(page);
  expect(stale?.tokens).toBeUndefined();

  const popupOpened = page.waitForEvent('popup');
  await row.getByRole('button', { name: 'Sign in again' }).click();
  await popupOpened;
  await expect(row.getByText('Connected · 8 tools')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Reconnect' })).toBeVisible();
  expect(count(oauthServer, 'oauth_authorize')).toBe(2);
  expect(count(oauthServer, 'oauth_token')).toBe(2);
  const [renewed] = await storedSecrets(page);
  expect(accessTokenOf(renewed)).toMatch(/^at-/);
  expect(accessTokenOf(renewed)).not.toBe(accessTokenOf(first));
});

test('a refused sign-in says so with Sign in again; signing in then works', async ({
  connected: page,
  oauthServer,
}) => {
  oauthServer.oauth.answer = 'refuse';
  const panel = await addOAuthServer(page, oauthServer);
  const row = panel.getByRole('listitem', { name: 'test' });
  await expect(row).toContainText('test refused the sign-in (access_denied)');
  expect(count(oauthServer, 'oauth_refused')).toBe(1);
  expect(count(oauthServer, 'oauth_token')).toBe(0);

  oauthServer.oauth.answer = 'approve';
  await row.getByRole('button', { name: 'Sign in again' }).click();
  await expect(row.getByText('Connected · 8 tools')).toBeVisible();
  expect(count(oauthServer, 'oauth_token')).toBe(1);
});

test('a callback with a forged state is refused with a sentence, and nothing is stored', async ({
  connected: page,
  oauthServer,
}) => {
  // Whatever the authorization page is, the popup comes back to the app's callback address
  // with a code and a state Baton never sent, as a forged or stale answer would.
  const appUrl = new URL(page.url());
  const callback = `${appUrl.origin}${appUrl.pathname}?code=forged-code&state=${encodeURIComponent('forged.state')}`;
  await page
    .context()
    .route(`${oauthServer.origin}/authorize**`, (route) =>
      route.fulfill({ status: 302, headers: { location: callback } }),
    );

  const popupOpened = page.waitForEvent('popup');
  const panel = await addOAuthServer(page, oauthServer);
  await popupOpened;
  const row = panel.getByRole('listitem', { name: 'test' });
  await expect(row).toContainText(FORGED_STATE);
  await expect(row.getByRole('button', { name: 'Sign in again' })).toBeVisible();
  await expect(row).not.toContainText('Connected');

  // No code was exchanged and no token or sign-in in progress is kept.
  expect(count(oauthServer, 'oauth_token')).toBe(0);
  const records = await storedSecrets(page);
  for (const record of records) {
    expect(record.tokens).toBeUndefined();
    expect(record.state).toBeUndefined();
    expect(record.codeVerifier).toBeUndefined();
  }

  // The real answer afterwards is taken: the app is left able to sign in.
  await page.context().unroute(`${oauthServer.origin}/authorize**`);
  await row.getByRole('button', { name: 'Sign in again' }).click();
  await expect(row.getByText('Connected · 8 tools')).toBeVisible();
  expect(count(oauthServer, 'oauth_token')).toBe(1);
});

/**
 * The service worker never answers for the model API (issue 29): every request to it,
 * with the key, reaches the API, each time; nothing the API said, and no URL or body
 * carrying the key, is in the browser's caches. Here the app is served at the root of its
 * origin (the suite's server), the other way it may be hosted.
 */
import { expect, test } from './fixtures';
import { assistantMessages, connect, send, TEST_KEY, textReply, waitIdle } from './helpers';
import { cachedUrls, waitForServiceWorker } from './pwa/serviceWorker';

test.use({ serviceWorkers: 'allow' });

test('requests to the model API, key and all, always reach it, and none is cached', async ({
  page,
  mockApi,
}) => {
  const cdp = await page.context().newCDPSession(page);
  const rules: string[] = [];
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) {
      const typed = version.typedRouterRules?.map((rule) => JSON.stringify(rule));
      rules.push(...(typed ?? (version.routerRules ? [version.routerRules] : [])));
    }
  });
  await cdp.send('ServiceWorker.enable');
  await connect(page, mockApi);
  await waitForServiceWorker(page);
  // The browser itself sends anything outside the app's scope, and anything but a GET, to
  // the network without starting the worker (static routes).
  const declared = rules.at(-1) ?? '';
  const { hostname, port } = new URL(page.url());
  expect(declared).toContain(
    `"not":{"urlPattern":{"hash":"*","hostname":"${hostname}","password":"*","pathname":"/*","port":"${port}"`,
  );
  expect(declared).toContain('"not":{"request":{"method":"GET"}}');
  expect(declared.match(/"source":\["network"\]/g)).toHaveLength(2);
  const fromWorker: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(mockApi.url) && response.fromServiceWorker())
      fromWorker.push(response.url());
  });

  mockApi.script(textReply('The first answer.'), textReply('The second answer.'));
  await send(page, 'A question');
  await waitIdle(page);
  await send(page, 'A question');
  await waitIdle(page);
  await expect(assistantMessages(page)).toHaveText(['The first answer.', 'The second answer.']);

  // Both reached the API, with the key; neither was answered by the worker.
  expect(mockApi.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
    'POST /v1/messages',
    'POST /v1/messages',
  ]);
  for (const request of mockApi.requests) expect(request.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
  expect(fromWorker).toEqual([]);

  // The caches hold the app's own files only: same origin, no API path, no key anywhere.
  const origin = new URL(page.url()).origin;
  const cached = await cachedUrls(page);
  const urls = Object.values(cached).flat();
  expect(urls.length).toBeGreaterThan(10);
  expect(urls.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  expect(urls.filter((url) => url.includes('/v1/') || url.includes(TEST_KEY))).toEqual([]);
  const bodiesWithKey = await page.evaluate(async (key) => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const body = await (await cache.match(request))?.text();
        if (body?.includes(key)) found.push(request.url);
      }
    }
    return found;
  }, TEST_KEY);
  expect(bodiesWithKey).toEqual([]);
});

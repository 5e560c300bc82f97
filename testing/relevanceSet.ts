/**
 * A small relevance set for the search index: passages from a dozen made-up working
 * sessions (a billing service, a flaky test, a database migration, a design review…)
 * that share much of their vocabulary, and queries of the kinds people and the model
 * ask, each with the passage(s) that answer it. Queries use other word forms than the
 * text ("deploying" for "deployed"), a typo, a word's beginning, paths, numbers and
 * identifiers, so a ranking that only counts shared words does not score well.
 */
import type { SearchableEntry } from '../src/core/recall/searchText';

type Doc = Omit<SearchableEntry, 'sessionId'>;

function session(sessionId: string, docs: Doc[]): SearchableEntry[] {
  return docs.map((doc) => ({ ...doc, sessionId }));
}

export const RELEVANCE_DOCS: SearchableEntry[] = [
  ...session('billing', [
    { entryId: 'b1', role: 'user', text: 'Get the billing service live on the staging cluster, please.' },
    {
      entryId: 'b2',
      role: 'assistant',
      text: 'I deployed the billing service to /srv/billing-v2 behind port 9143. The health check answers on /healthz.',
    },
    {
      entryId: 'b3',
      role: 'tool',
      text: 'release built: billing-2.4.1.tar.gz (14.2 MB), checksum sha256 9f2c1e…',
    },
    {
      entryId: 'b4',
      role: 'assistant',
      text: 'Invoices are rounded to the cent with banker’s rounding; the customer total is computed after tax.',
    },
    { entryId: 'b5', role: 'user', text: 'Why do refunds show twice on the monthly statement?' },
    {
      entryId: 'b6',
      role: 'assistant',
      text: 'Refunds were written once by the webhook and once by the nightly reconciliation job. I made the job skip entries that already carry a webhook id.',
    },
  ]),
  ...session('flaky', [
    { entryId: 'f1', role: 'user', text: 'The checkout test fails about one run in ten on CI.' },
    {
      entryId: 'f2',
      role: 'assistant',
      text: 'The flaky checkout test waits a fixed 500 ms for the payment iframe. It now waits for the iframe’s load event instead of sleeping.',
    },
    {
      entryId: 'f3',
      role: 'tool',
      text: 'FAIL e2e/checkout.spec.ts › pays with a saved card\nTimeoutError: locator.click: Timeout 5000ms exceeded.',
    },
    {
      entryId: 'f4',
      role: 'assistant',
      text: 'Retrying hides the race; I removed the retry from playwright.config.ts so a failure shows the first time.',
    },
  ]),
  ...session('migration', [
    { entryId: 'm1', role: 'user', text: 'Plan the migration of the orders table to the new schema.' },
    {
      entryId: 'm2',
      role: 'assistant',
      text: 'Migration 0042 adds a nullable shipped_at column, backfills it from the events table in batches of 10,000 rows, then makes it NOT NULL.',
    },
    {
      entryId: 'm3',
      role: 'assistant',
      text: 'Rollback: drop the column; the backfill is idempotent, so running it again after a partial failure is safe.',
    },
    {
      entryId: 'm4',
      role: 'tool',
      text: 'psql: ERROR: deadlock detected\nDETAIL: Process 4121 waits for ShareLock on transaction 99812.',
    },
    {
      entryId: 'm5',
      role: 'assistant',
      text: 'The deadlock came from two backfill workers updating overlapping id ranges. Each worker now takes a disjoint range.',
    },
  ]),
  ...session('design', [
    {
      entryId: 'd1',
      role: 'user',
      text: 'Review the settings page design: the dark theme contrast looks off.',
    },
    {
      entryId: 'd2',
      role: 'assistant',
      text: 'The secondary text in the dark theme is #8a8a8a on #1e1e1e, a contrast ratio of 4.1:1; it needs 4.5:1 for body text. I raised it to #9e9e9e.',
    },
    {
      entryId: 'd3',
      role: 'assistant',
      text: 'The toggle switches have no visible focus ring. Added a 2px outline in the accent colour.',
    },
    { entryId: 'd4', role: 'user', text: 'Make the sidebar collapsible on narrow screens.' },
    {
      entryId: 'd5',
      role: 'assistant',
      text: 'Below 720px the sidebar collapses behind a menu button; its state is remembered in localStorage under sidebarCollapsed.',
    },
  ]),
  ...session('auth', [
    { entryId: 'a1', role: 'user', text: 'Users get logged out every few minutes since yesterday.' },
    {
      entryId: 'a2',
      role: 'assistant',
      text: 'The session cookie’s Max-Age was set in milliseconds, not seconds: 900 was meant as 15 minutes. It is now 900 seconds and the refresh token renews it.',
    },
    {
      entryId: 'a3',
      role: 'assistant',
      text: 'Passwords are hashed with argon2id (memory 64 MiB, 3 iterations); the old bcrypt hashes are rehashed at the next login.',
    },
    {
      entryId: 'a4',
      role: 'tool',
      text: 'GET /api/me 401 Unauthorized {"error":"token_expired","expiredAt":"2026-03-02T10:14:00Z"}',
    },
  ]),
  ...session('perf', [
    { entryId: 'p1', role: 'user', text: 'The dashboard takes eight seconds to load for large accounts.' },
    {
      entryId: 'p2',
      role: 'assistant',
      text: 'Profiling shows an N+1 query: each widget loads its account separately. Batched into one query with an IN list, the dashboard loads in 900 ms.',
    },
    {
      entryId: 'p3',
      role: 'assistant',
      text: 'Added an index on orders(account_id, created_at); the slow report query went from 3.2 s to 40 ms.',
    },
    {
      entryId: 'p4',
      role: 'assistant',
      text: 'Caching the exchange rates for an hour in Redis removed the remaining external calls.',
    },
  ]),
  ...session('infra', [
    {
      entryId: 'i1',
      role: 'assistant',
      text: 'The nginx config now proxies /api to the upstream on 127.0.0.1:8080 and serves static assets with a one-year cache.',
    },
    {
      entryId: 'i2',
      role: 'assistant',
      text: 'Certificates renew through certbot every 60 days; the renewal hook reloads nginx.',
    },
    {
      entryId: 'i3',
      role: 'tool',
      text: 'docker compose up -d\nCreating network "shop_default"\nCreating shop_db_1 ... done\nCreating shop_api_1 ... done',
    },
    {
      entryId: 'i4',
      role: 'assistant',
      text: 'Backups run at 02:30 UTC with pg_dump, are encrypted with age and kept for 30 days in the offsite bucket.',
    },
  ]),
  ...session('search', [
    {
      entryId: 's1',
      role: 'assistant',
      text: 'Search uses a stemmer so that "deploying" also finds "deployment"; typos of one letter are forgiven in words of six letters or more.',
    },
    {
      entryId: 's2',
      role: 'assistant',
      text: 'The search index lives in a web worker and is saved to IndexedDB, so reopening the app does not rebuild it.',
    },
  ]),
  ...session('email', [
    { entryId: 'e1', role: 'user', text: 'Customers say the invoice emails land in spam.' },
    {
      entryId: 'e2',
      role: 'assistant',
      text: 'The domain had no DKIM record. I added the DKIM key and an SPF include for the mail provider; DMARC is at p=none for two weeks before quarantine.',
    },
    {
      entryId: 'e3',
      role: 'assistant',
      text: 'The invoice email template now has a plain-text part, which spam filters score better.',
    },
  ]),
  ...session('i18n', [
    {
      entryId: 'l1',
      role: 'assistant',
      text: 'Translations load per locale from locales/de.json and locales/fr.json; missing keys fall back to English.',
    },
    {
      entryId: 'l2',
      role: 'assistant',
      text: 'Dates are formatted with Intl.DateTimeFormat in the user’s time zone; prices with Intl.NumberFormat and the account currency.',
    },
  ]),
  ...session('handoff', [
    {
      entryId: 'h1',
      role: 'handoff',
      text: '## Goal\nFinish the billing refunds fix and the orders migration.\n## Decisions\nRefund dedup by webhook id; backfill in disjoint ranges.',
    },
  ]),
  ...session('misc', [
    { entryId: 'x1', role: 'user', text: 'Thanks, that is all for today.' },
    {
      entryId: 'x2',
      role: 'assistant',
      text: 'You are welcome. The test suite is green and the release notes are drafted.',
    },
    {
      entryId: 'x3',
      role: 'assistant',
      text: 'The release checklist: bump the version, tag the commit, build, deploy to staging, smoke test, then production.',
    },
    { entryId: 'x4', role: 'user', text: 'Write the changelog entry for version 2.4.1.' },
  ]),
];

export interface RelevanceQuery {
  query: string;
  /** Passages that answer it; the first of them in the ranking counts. */
  expected: string[];
}

export const RELEVANCE_QUERIES: RelevanceQuery[] = [
  { query: 'deploying billing port', expected: ['b2'] },
  { query: 'which port does billing listen on', expected: ['b2'] },
  { query: '/srv/billing-v2', expected: ['b2'] },
  { query: 'billing release tarball checksum', expected: ['b3'] },
  { query: 'how are invoices rounded', expected: ['b4'] },
  { query: 'duplicate refunds statement', expected: ['b6', 'b5'] },
  { query: 'refund webhook reconciliation', expected: ['b6'] },
  { query: 'flaky checkout test iframe', expected: ['f2'] },
  { query: 'locator click timeout', expected: ['f3'] },
  { query: 'why was the retry removed', expected: ['f4'] },
  { query: 'migrating orders table', expected: ['m2', 'm1'] },
  { query: 'shipped_at column backfill', expected: ['m2'] },
  { query: 'rollback of the migration', expected: ['m3'] },
  { query: 'deadlock', expected: ['m5', 'm4'] },
  { query: 'backfil workers overlaping ranges', expected: ['m5'] },
  { query: 'dark theme contrast ratio', expected: ['d2'] },
  { query: 'focus ring on toggles', expected: ['d3'] },
  { query: 'collapsing sidebar narrow screen', expected: ['d5', 'd4'] },
  { query: 'sidebarCollapsed', expected: ['d5'] },
  { query: 'logged out every few minutes', expected: ['a1', 'a2'] },
  { query: 'cookie max-age milliseconds', expected: ['a2'] },
  { query: 'password hashing argon2', expected: ['a3'] },
  { query: 'token_expired 401', expected: ['a4'] },
  { query: 'dashboard slow load', expected: ['p2', 'p1'] },
  { query: 'N+1 queries batched', expected: ['p2'] },
  { query: 'index on account_id created_at', expected: ['p3'] },
  { query: 'redis cache exchange rates', expected: ['p4'] },
  { query: 'nginx proxy upstream 8080', expected: ['i1'] },
  { query: 'certificate renewal certbot', expected: ['i2'] },
  { query: 'backup encryption pg_dump', expected: ['i4'] },
  { query: 'stemmer typos forgiven', expected: ['s1'] },
  { query: 'index saved to indexeddb', expected: ['s2'] },
  { query: 'invoice emails spam', expected: ['e1', 'e3', 'e2'] },
  { query: 'DKIM SPF DMARC', expected: ['e2'] },
  { query: 'translation locale fallback', expected: ['l1'] },
  { query: 'date formatting time zone', expected: ['l2'] },
  { query: 'release checklist staging production', expected: ['x3'] },
  { query: 'changelog 2.4.1', expected: ['x4', 'b3'] },
  { query: 'configuraton of nginx', expected: ['i1'] },
  { query: 'encrypt', expected: ['i4'] },
];

/**
 * The page's entry. It asks for the database and starts start-up's reads first, then
 * loads the rest of the app (React, the UI: src/main.tsx) by a dynamic import: a static
 * one would have the browser fetch and compile the whole graph, and evaluate it, before
 * this module's first line ran. So the open and the reads overlap loading the UI
 * (bench P3). Only the storage read path is imported here. The page's styles stay with
 * the UI (main.tsx), in the order they had; the build lists them in the page
 * (vite.config.ts, preloadUi), so they load before anything is drawn.
 */
// The browser offers to install once per load, as soon as the page qualifies, which can
// be before the UI's code has arrived: so the offer is caught here, by the entry.
import './pwa/installOffer';
import { beginStartupReads } from './state/app/startupReads';

const reads = beginStartupReads();
void import('./main').then(({ mountApp }) => mountApp(reads));

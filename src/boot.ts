/**
 * The page's entry. It asks for the database and starts start-up's reads first, then
 * loads the rest of the app (React, the UI: src/main.tsx) by a dynamic import: a static
 * one would have the browser fetch and compile the whole graph, and evaluate it, before
 * this module's first line ran. So the open and the reads overlap loading the UI
 * (bench P3). Only the storage read path is imported here; the page's styles too, so
 * that they stay a stylesheet of the document, loaded before anything is drawn.
 */
import { beginStartupReads } from './state/app/startupReads';
import './ui/styles.css';

const reads = beginStartupReads();
void import('./main').then(({ mountApp }) => mountApp(reads));

/**
 * The app's UI, loaded by the entry (src/boot.ts) once it has started start-up's reads;
 * mountApp renders it and hands those reads to startApp.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startApp } from './state/actions/actions';
import type { StartupReads } from './state/app/startupReads';
import { App } from './ui/App';
import { RegionBoundary } from './ui/errors/RegionBoundary';
import { preloadMarkdown } from './ui/markdown/loadRenderer';
import { Notices } from './ui/Notices';
import './ui/styles.css';

export function mountApp(reads: Promise<StartupReads>): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      {/* The last line: whatever no region caught still ends in a sentence and a backup, never a blank page. */}
      <RegionBoundary
        region="page"
        frame={(content) => (
          <main className="splash">
            {content}
            <Notices />
          </main>
        )}
      >
        <App />
      </RegionBoundary>
    </StrictMode>,
  );
  void startApp({ reads });
  // The markdown renderer is not part of the initial JavaScript, but the first messages
  // need it: it is fetched now, alongside the storage reads, so they rarely show unrendered.
  void preloadMarkdown();
}

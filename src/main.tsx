import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startApp } from './state/actions/actions';
import { App } from './ui/App';
import { preloadMarkdown } from './ui/markdown/loadRenderer';
import './ui/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void startApp();
// The markdown renderer is not part of the initial JavaScript, but the first messages
// need it: it is fetched now, alongside the storage reads, so they rarely show unrendered.
void preloadMarkdown();

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startApp } from './state/actions';
import { App } from './ui/App';
import './ui/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void startApp();

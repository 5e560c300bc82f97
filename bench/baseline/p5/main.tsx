/**
 * P5's baseline: the least a React app that talks to the Messages API ships before its
 * first paint: React, react-dom/client and the slim SDK client, rendering one element.
 */
import { createRoot } from 'react-dom/client';
import { createAnthropicClient } from '../../../src/llm/anthropicClient';

const client = createAnthropicClient({ apiKey: '', baseURL: location.origin });
const root = document.getElementById('root');
if (root) createRoot(root).render(<p>{client.messages ? 'Ready' : 'No client'}</p>);

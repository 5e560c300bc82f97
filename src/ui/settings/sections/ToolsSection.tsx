import { lazyPart } from '../../lazyPart';
import type { SettingsSection } from './sectionTypes';

/** MCP servers, in a chunk of their own loaded with this tab (McpServersSettings.tsx). */
const McpServersSettings = lazyPart(() => import('../McpServersSettings').then((m) => m.McpServersSettings));

function ToolsPanel() {
  return <McpServersSettings />;
}

/** Tools the model may use: MCP servers (the API's server tools join here). */
export const toolsSection: SettingsSection = { id: 'tools', title: 'Tools', Panel: ToolsPanel };

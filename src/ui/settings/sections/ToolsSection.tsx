import { lazyPart } from '../../lazyPart';
import type { SectionProps, SettingsSection } from './sectionTypes';

/** MCP servers, in a chunk of their own loaded with this tab (McpServersSettings.tsx). */
const McpServersSettings = lazyPart(() => import('../McpServersSettings').then((m) => m.McpServersSettings));

/**
 * The API's server tools beyond web search (in Model): web fetch and code execution. Both
 * are betas, run by the API and billed by Anthropic; the request carries each one's beta
 * header while it is on (docs/tools.md).
 */
function ServerToolsSettings({ draft, update }: SectionProps) {
  return (
    <fieldset className="settings-section">
      <legend>Server tools</legend>
      <label className="checkbox">
        <input
          type="checkbox"
          role="switch"
          checked={draft.webFetch}
          aria-checked={draft.webFetch}
          onChange={(e) => update('webFetch', e.target.checked)}
        />
        Web fetch
      </label>
      <p className="muted">
        Lets the model read a web page or PDF whose address came up in the conversation (fetched by the API,
        up to 5 a reply). The page counts as input tokens. Fetched pages show as cards with their address and
        title.
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          role="switch"
          checked={draft.codeExecution}
          aria-checked={draft.codeExecution}
          onChange={(e) => update('codeExecution', e.target.checked)}
        />
        Code execution
      </label>
      <p className="muted">
        Lets the model run shell commands and edit files in a sandbox the API provides (billed by the hour of
        sandbox time beyond a free allowance). Its runs show as cards with the code, output and return code.
        Files it creates are listed, but cannot be downloaded from the browser.
      </p>
    </fieldset>
  );
}

/** Tools the model may use: the API's server tools, then MCP servers. */
function ToolsPanel(props: SectionProps) {
  return (
    <>
      <ServerToolsSettings {...props} />
      <McpServersSettings />
    </>
  );
}

export const toolsSection: SettingsSection = { id: 'tools', title: 'Tools', Panel: ToolsPanel };

import type { ReactNode } from 'react';
import { lazyPart } from '../../lazyPart';
import type { SectionProps, SettingsSection } from './sectionTypes';

/** The memory files, in a chunk of their own with the workspace's store (MemoryFiles.tsx). */
const MemoryFiles = lazyPart(() => import('../MemoryFiles').then((m) => m.MemoryFiles));

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
      <ServerToolSwitch label="Web fetch" on={draft.webFetch} set={(on) => update('webFetch', on)}>
        Lets the model read a web page or PDF whose address came up in the conversation (fetched by the API,
        up to 5 a reply). The page counts as input tokens. Fetched pages show as cards with their address and
        title.
      </ServerToolSwitch>
      <ServerToolSwitch
        label="Code execution"
        on={draft.codeExecution}
        set={(on) => update('codeExecution', on)}
      >
        Lets the model run shell commands and edit files in a sandbox the API provides (billed by the hour of
        sandbox time beyond a free allowance). Its runs show as cards with the code, output and return code.
        Files it creates are listed, but cannot be downloaded from the browser.
      </ServerToolSwitch>
    </fieldset>
  );
}

/** One server tool's switch (named `label`) and the sentence that says what turning it on does. */
function ServerToolSwitch(props: {
  label: string;
  on: boolean;
  set: (on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <>
      <label className="checkbox">
        <input
          type="checkbox"
          role="switch"
          checked={props.on}
          aria-checked={props.on}
          onChange={(e) => props.set(e.target.checked)}
        />
        {props.label}
      </label>
      <p className="muted">{props.children}</p>
    </>
  );
}

/**
 * The memory tool (issue 26): a `/memories` directory the model keeps across sessions, on
 * this device. Its files are listed below the switch whether it is on or not, so what
 * the model remembered can be read, corrected or deleted.
 */
function MemorySettings({ draft, update }: SectionProps) {
  return (
    <fieldset className="settings-section">
      <legend>Memory</legend>
      <ServerToolSwitch label="Memory" on={draft.memory === true} set={(on) => update('memory', on)}>
        Lets the model keep notes in a memory directory shared by all sessions and kept on this device, so a
        new session can read what an earlier one learned.
      </ServerToolSwitch>
      <MemoryFiles />
    </fieldset>
  );
}

/** Tools the model may use: the API's server tools, memory, then MCP servers. */
function ToolsPanel(props: SectionProps) {
  return (
    <>
      <ServerToolsSettings {...props} />
      <MemorySettings {...props} />
      <McpServersSettings />
    </>
  );
}

export const toolsSection: SettingsSection = { id: 'tools', title: 'Tools', Panel: ToolsPanel };

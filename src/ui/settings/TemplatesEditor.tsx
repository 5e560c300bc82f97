import { useState } from 'react';
import { builtinCommands } from '../../core/commands/builtinCommands';
import { type PromptTemplate, validateTemplateName } from '../../core/commands/promptTemplates';

/** Prompt templates: `/name` expands to the text, with `$ARGUMENTS` replaced by what follows. */
export function TemplatesEditor(props: {
  templates: PromptTemplate[];
  onChange(next: PromptTemplate[]): void;
}) {
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const problem =
      validateTemplateName(
        name.trim(),
        builtinCommands.list().map((c) => c.name),
        props.templates,
      ) ?? (text.trim() ? undefined : 'Template text is required');
    if (problem) {
      setError(problem);
      return;
    }
    props.onChange([...props.templates, { name: name.trim(), text }]);
    setName('');
    setText('');
    setError(null);
  };

  return (
    <fieldset className="templates">
      <legend>Prompt templates</legend>
      {props.templates.length > 0 && (
        <ul className="template-list">
          {props.templates.map((t) => (
            <li key={t.name}>
              <code>/{t.name}</code> <span className="muted">{t.text.slice(0, 60)}</span>
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove template ${t.name}`}
                onClick={() => props.onChange(props.templates.filter((x) => x.name !== t.name))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label>
        Template name
        <input value={name} onChange={(e) => setName(e.target.value)} placeholder="review" />
      </label>
      <label>
        Template text
        <textarea
          value={text}
          rows={3}
          onChange={(e) => setText(e.target.value)}
          placeholder="Review this code for bugs: $ARGUMENTS"
        />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" onClick={add}>
        Add template
      </button>
    </fieldset>
  );
}

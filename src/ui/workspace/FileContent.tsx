import { formatBytes } from '../../core/attachments/attachmentLimits';
import type { FileBody, FileMeta } from '../../core/workspace/fileStore';
import { useObjectUrl } from '../attachments/useObjectUrl';
import { useHighlighter } from '../markdown/highlight/loadHighlighter';
import { Markdown } from '../markdown/Markdown';
import { fileName } from './fileTreeModel';
import { isMarkdown, languageOf } from './languageOf';
import { previewDocument } from './previewDocument';

/** A file as it reads: Markdown rendered, code highlighted, an image shown, other binaries named. */
export function FileContent({ meta, body }: { meta: FileMeta; body: FileBody }) {
  if (body.binary) {
    return meta.mediaType.startsWith('image/') ? (
      <FileImage blob={body.blob} name={fileName(meta.path)} />
    ) : (
      <p className="ws-note">
        A binary file ({meta.mediaType || 'unknown type'}, {formatBytes(meta.size)}): download it to open it.
      </p>
    );
  }
  if (isMarkdown(meta.path)) {
    return (
      <div className="ws-markdown">
        <Markdown text={body.text} />
      </div>
    );
  }
  return <CodeView text={body.text} language={languageOf(meta.path)} />;
}

function FileImage({ blob, name }: { blob: Blob; name: string }) {
  // Revoked when the file closes or changes (useObjectUrl).
  const url = useObjectUrl(blob);
  return url ? <img className="ws-image" src={url} alt={name} /> : null;
}

function CodeView({ text, language }: { text: string; language: string | undefined }) {
  // The app's highlighter, loaded on the first file in a known language.
  const highlight = useHighlighter(language !== undefined);
  const html = language && highlight ? highlight(text, language) : undefined;
  return (
    <pre className="ws-code">
      {html !== undefined ? (
        // highlight.js escapes the text, and its output is sanitised (highlighter.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised highlighter output, as in the chat's code blocks.
        <code className={`hljs language-${language}`} dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <code>{text}</code>
      )}
    </pre>
  );
}

/**
 * An HTML or SVG file rendered in a sandboxed frame: scripts run, but without Baton's
 * origin (no allow-same-origin) and without network (previewDocument's policy).
 */
export function FilePreview({ path, text }: { path: string; text: string }) {
  return (
    <iframe
      className="ws-preview"
      title={fileName(path)}
      sandbox="allow-scripts"
      referrerPolicy="no-referrer"
      srcDoc={previewDocument(text)}
    />
  );
}

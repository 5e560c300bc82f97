import { useEffect, useRef } from 'react';
import { formatBytes } from '../../core/attachments/attachmentLimits';
import type { FileBody, FileMeta } from '../../core/workspace/fileStore';
import { useObjectUrl } from '../attachments/useObjectUrl';
import { useHighlighter } from '../markdown/highlight/loadHighlighter';
import { Markdown } from '../markdown/Markdown';
import { fileName } from './fileTreeModel';
import { isMarkdown, languageOf } from './languageOf';
import { PREVIEW_FRAME_URL, previewDocument } from './previewDocument';

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
 * origin (no allow-same-origin) and without network (the frame page's policy, and
 * previewDocument's). Not a srcdoc frame: that would inherit the app's own policy, which
 * allows no inline script. The frame page (public/preview-frame.html) says when it is
 * ready and is handed the document; a message from anything else is ignored.
 */
export function FilePreview({ path, text }: { path: string; text: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target) return;
      // The frame's origin is opaque ("null"): '*' is the only target that reaches it.
      target.postMessage({ previewDocument: previewDocument(text) }, '*');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [text]);
  return (
    <iframe
      // A new text loads the frame afresh (the page is written once).
      key={text}
      ref={frame}
      className="ws-preview"
      title={fileName(path)}
      sandbox="allow-scripts"
      referrerPolicy="no-referrer"
      src={PREVIEW_FRAME_URL}
    />
  );
}

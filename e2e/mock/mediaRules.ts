/**
 * The mock API's side of attachments: it checks image and document blocks as the API
 * does (base64 source, a media type it takes, bytes that are what the type says, the
 * per-image and per-request size limits) and counts them as the API bills them, by
 * pixels and pages rather than by the length of their base64.
 */

/** The API's limit on one image's base64, and on a whole request body. */
export const MAX_IMAGE_BASE64 = 5 * 1024 * 1024;
export const MAX_REQUEST_BODY = 32 * 1024 * 1024;
export const MAX_PDF_PAGES = 100;

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

type Block = { type?: unknown; source?: { type?: unknown; media_type?: unknown; data?: unknown } };
type Turn = { content?: unknown };

/** A request's image and document blocks with their place, for messages that name it. */
function* mediaBlocks(body: Record<string, unknown>): Generator<{ at: string; block: Block }> {
  const turns = Array.isArray(body.messages) ? (body.messages as Turn[]) : [];
  for (const [t, turn] of turns.entries()) {
    const blocks = Array.isArray(turn.content) ? (turn.content as Block[]) : [];
    for (const [b, block] of blocks.entries()) {
      if (block.type === 'image' || block.type === 'document')
        yield { at: `messages.${t}.content.${b}`, block };
    }
  }
}

/** The media type the bytes are, from their first bytes; undefined for none the API takes. */
export function sniffMediaType(bytes: Uint8Array): string | undefined {
  const starts = (...values: number[]) => values.every((value, i) => bytes[i] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP')
    return 'image/webp';
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'application/pdf';
  return undefined;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** What the API would refuse in `body`'s images and documents, as its 400 message; undefined if nothing. */
export function mediaProblem(body: Record<string, unknown>): string | undefined {
  for (const { at, block } of mediaBlocks(body)) {
    const source = block.source ?? {};
    const kind = block.type === 'image' ? 'image' : 'document';
    if (source.type !== 'base64')
      return `${at}.${kind}.source: Input tag '${String(source.type)}' is not supported by the mock`;
    const data = typeof source.data === 'string' ? source.data : '';
    const mediaType = String(source.media_type);
    if (kind === 'image' && !IMAGE_TYPES.includes(mediaType))
      return `${at}.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`;
    if (kind === 'document' && mediaType !== 'application/pdf')
      return `${at}.document.source.base64.media_type: Input should be 'application/pdf'`;
    if (data.length === 0 || data.length % 4 !== 0 || !BASE64.test(data))
      return `${at}.${kind}.source.base64.data: Invalid base64 data`;
    if (kind === 'image' && data.length > MAX_IMAGE_BASE64)
      return `${at}.image.source.base64: image exceeds 5 MB maximum: ${data.length} bytes > ${MAX_IMAGE_BASE64} bytes`;
    const bytes = Buffer.from(data, 'base64');
    const actual = sniffMediaType(bytes);
    if (actual !== mediaType)
      return kind === 'image'
        ? `${at}.image.source.base64.data: The image was specified using the ${mediaType} media type, but the image appears to be a ${actual ?? 'unsupported'} image`
        : `${at}.document.source.base64.data: The PDF specified was not valid.`;
    if (kind === 'document' && pdfPages(bytes) > MAX_PDF_PAGES)
      return `${at}.document.source.base64.data: A maximum of ${MAX_PDF_PAGES} PDF pages may be provided.`;
  }
  return undefined;
}

/** Page objects in a PDF: `/Type /Page` not followed by `s`. Enough for the files tests make. */
export function pdfPages(bytes: Uint8Array): number {
  const text = Buffer.from(bytes).toString('latin1');
  return (text.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
}

/** PNG width and height from its header; other types are counted at the API's largest size. */
function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (sniffMediaType(bytes) !== 'image/png' || bytes.length < 24) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Tokens the API bills for an image: about width × height / 750 after scaling to 1568 px / 1.15 MP. */
export function imageTokens(bytes: Uint8Array): number {
  const size = pngSize(bytes) ?? { width: 1092, height: 1092 };
  let scale = Math.min(1, 1568 / Math.max(size.width, size.height));
  const pixels = size.width * size.height * scale * scale;
  if (pixels > 1_150_000) scale *= Math.sqrt(1_150_000 / pixels);
  return Math.ceil((size.width * scale * size.height * scale) / 750);
}

/** The mock bills each PDF page as this many tokens (text plus the page's image). */
export const MOCK_TOKENS_PER_PDF_PAGE = 2_000;

/**
 * `body` with each image and document's base64 replaced by a stand-in as long as the
 * characters its tokens are worth, so the mock's count by characters bills media as the
 * API does. Tests that plant a large image see a modest count, as they would for real.
 */
export function withMediaAsTokens(messages: unknown[], charsPerToken: number): unknown[] {
  return messages.map((turn) => {
    const content = (turn as Turn).content;
    if (!Array.isArray(content)) return turn;
    return {
      ...(turn as object),
      content: (content as Block[]).map((block) => {
        if (block.type !== 'image' && block.type !== 'document') return block;
        const data = typeof block.source?.data === 'string' ? block.source.data : '';
        const bytes = Buffer.from(data, 'base64');
        const tokens =
          block.type === 'image' ? imageTokens(bytes) : pdfPages(bytes) * MOCK_TOKENS_PER_PDF_PAGE;
        return {
          ...block,
          source: { ...block.source, data: 'x'.repeat(Math.max(0, tokens * charsPerToken)) },
        };
      }),
    };
  });
}

/**
 * The sizes the API named when it refused a conversation for length (see
 * context/lengthRefusal.ts for how they are read and said).
 */
export interface ContextOverflow {
  /** Tokens the refused request had, as the API counted them. */
  tokens?: number;
  /** The model's maximum, as the API stated it. */
  limit?: number;
}

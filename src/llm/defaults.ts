/** Settings the app starts with before the user changes anything. */

export const DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** The newest Sonnet-class id in the SDK's `Model` union (SDK 1.16): a sensible cost/quality default. */
export const DEFAULT_MODEL = 'claude-sonnet-5-5';

export const DEFAULT_MAX_TOKENS = 8192;

/** The model id that selects the offline demo model instead of the API. */
export const DEMO_MODEL_ID = 'baton-demo';

export const DEMO_MODEL_LABEL = 'Demo (offline)';

/**
 * Stands in for the MCP SDK's `validation/ajv-provider.js` in the app's build (see
 * vite.config.ts, mcpWithoutAjv): the SDK's client imports it for its default output
 * validator, but Baton's adapter always passes its own (openClient.ts), so Ajv (a large
 * CommonJS library) would be shipped and never run. Tests in Node use the real one.
 */
export class AjvJsonSchemaValidator {
  constructor() {
    throw new Error('Baton passes its own jsonSchemaValidator to the MCP client.');
  }
}

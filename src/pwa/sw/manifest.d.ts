/** Where Workbox's build (injectManifest) writes this version's file list into sw.ts. */
declare var __WB_MANIFEST: Array<import('workbox-precaching').PrecacheEntry | string>;

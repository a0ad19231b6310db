/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/info" />

/** Set per build by vite.config.ts: ties the persisted query cache to the app's code. */
declare const __BUILD_ID__: string;

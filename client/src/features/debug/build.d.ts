/** The client's version and build id, written by vite.config.ts (`define`); absent under unit tests. */
declare const __APP_BUILD__: { version: string; id: string } | undefined;

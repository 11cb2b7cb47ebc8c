/** The REST interface (`hazsim serve`): the app and the server. */
export { createApp, type AppOptions, type HazsimApp } from './app.js';
export { DEFAULT_MAX_UPLOAD_MB } from './limits.js';
export { startServer, type RunningServer, type ServerOptions } from './server.js';
export type { LogSink } from './accessLog.js';

/** The REST interface (`hazsim serve`): the app and the server. */
export { createApp, DEFAULT_MAX_UPLOAD_MB, type AppOptions, type HazsimApp } from './app.js';
export { startServer, type RunningServer, type ServerOptions } from './server.js';
export type { LogSink } from './accessLog.js';

/** The REST interface (`hazsim serve`): the app, the server, and the engine contract it calls. */
export { createApp, DEFAULT_MAX_UPLOAD_MB, type AppOptions, type HazsimApp } from './app.js';
export { startServer, type RunningServer, type ServerOptions } from './server.js';
export type { CurveSetNames, CurveSetUpload, DownloadFile, SimulationOps } from './simulationOps.js';
export type { LogSink } from './accessLog.js';

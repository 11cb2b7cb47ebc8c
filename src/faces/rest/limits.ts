/** Largest upload accepted unless `--max-upload-mb` says otherwise (the default, 512 MB). Kept apart so the CLI can show it without loading the server. */
export const DEFAULT_MAX_UPLOAD_MB = 512;

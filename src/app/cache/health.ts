import fs from 'node:fs';

/** Why the cache root cannot be used, or null when it exists (created if missing) and is readable and writable. */
export async function cacheRootProblem(cacheRoot: string): Promise<string | null> {
  try {
    await fs.promises.mkdir(cacheRoot, { recursive: true });
    await fs.promises.access(cacheRoot, fs.constants.R_OK | fs.constants.W_OK);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

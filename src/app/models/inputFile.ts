import fs from 'node:fs';
import { HazsimError } from '../../base/errors.js';

/** Reads an input file named by a user, mapping file-system failures to errors that name the file. */
export function readInputFile(filePath: string): Buffer {
  inputFileSize(filePath);
  return fs.readFileSync(filePath);
}

/** The size of a readable input file; a missing, unreadable or directory path is an `unreadable` error naming it. */
export function inputFileSize(filePath: string): number {
  try {
    const stat = fs.statSync(filePath);
    if (stat.isDirectory()) throw new HazsimError('unreadable', `${filePath} is a directory, not a file`);
    fs.accessSync(filePath, fs.constants.R_OK);
    return stat.size;
  } catch (error) {
    if (error instanceof HazsimError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new HazsimError('unreadable', `Cannot read ${filePath}: no such file`);
    throw new HazsimError('unreadable', `Cannot read ${filePath}: ${(error as Error).message}`);
  }
}

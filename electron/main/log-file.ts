/**
 * Where and how electron-log writes kiosk.log: in the logs folder, owner-only. electron-log creates
 * its files with mode 0666 by default (world-readable with a usual umask); the log may hold service
 * answers and error details, so the file is created 0600 (rotation keeps the mode, a new file is
 * created 0600 again) and the folder 0700. A file and folder left wider by an older version are
 * narrowed at start. No Electron import: electron-log's Node entry has the same file transport, so
 * a Node test checks the modes of the files it really writes.
 */
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const LOG_FILE_NAME = 'kiosk.log';
/** electron-log's rotation renames kiosk.log to this. */
export const OLD_LOG_FILE_NAME = 'kiosk.old.log';
export const LOG_MAX_BYTES = 5 * 1024 * 1024;

/** The part of electron-log's file transport set here. */
export interface LogFileTransport {
  resolvePathFn: (...args: never[]) => string;
  maxSize: number;
  writeOptions?: { flag?: string; mode?: number; encoding?: string };
}

const POSIX = process.platform !== 'win32';

/** Narrows `file` to `mode` when it exists and is ours (Windows: permissions are ACLs, nothing to do). */
function narrow(file: string, mode: number): void {
  if (!POSIX) return;
  try {
    const info = statSync(file);
    if ((info.mode & 0o777 & ~mode) !== 0 && info.uid === process.getuid?.()) chmodSync(file, mode);
  } catch {
    // Absent: it will be created owner-only.
  }
}

/** Points the transport at `logDir`/kiosk.log, owner-only; returns the file's path. */
export function configureLogFile(transport: LogFileTransport, logDir: string): string {
  const file = join(logDir, LOG_FILE_NAME);
  mkdirSync(logDir, { recursive: true, mode: 0o700 });
  narrow(logDir, 0o700);
  narrow(file, 0o600);
  narrow(join(logDir, OLD_LOG_FILE_NAME), 0o600);
  transport.resolvePathFn = () => file;
  transport.maxSize = LOG_MAX_BYTES;
  transport.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' };
  return file;
}

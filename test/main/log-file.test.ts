// kiosk.log is owner-only: electron-log's real file transport (its Node entry, the same transport
// the app's electron-log/main uses) configured by log-file.ts writes 0600 in a 0700 folder, also
// after a rotation, and a log left 0666 by an older version is narrowed at start.
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import log from 'electron-log/node';
import { describe, expect, it } from 'vitest';
import { configureLogFile, OLD_LOG_FILE_NAME } from '../../electron/main/log-file';

const mode = (file: string): string => (statSync(file).mode & 0o777).toString(8);

describe.runIf(process.platform !== 'win32')('kiosk.log at rest', () => {
  it('is written 0600 in a 0700 folder (electron-log alone writes 0666)', () => {
    const previous = process.umask(0o022);
    try {
      const logDir = join(mkdtempSync(join(tmpdir(), 'kiosk-log-')), 'logs');
      const file = configureLogFile(log.transports.file, logDir);
      log.transports.console.level = false;
      log.info('a line with a service answer');
      expect(readFileSync(file, 'utf8')).toContain('a line with a service answer');
      expect(mode(file)).toBe('600');
      expect(mode(logDir)).toBe('700');
      // Rotation: the old file keeps its mode, the new one is created owner-only again.
      log.transports.file.maxSize = 10;
      log.info('after the rotation');
      expect(mode(join(logDir, OLD_LOG_FILE_NAME))).toBe('600');
      expect(mode(file)).toBe('600');
      expect(readFileSync(file, 'utf8')).toContain('after the rotation');
    } finally {
      process.umask(previous);
    }
  });

  it('the finding it fixes: electron-log left to its defaults creates its file 0666 less the umask (world-readable)', () => {
    const previous = process.umask(0o022);
    try {
      const logDir = mkdtempSync(join(tmpdir(), 'kiosk-log-default-'));
      const other = log.create({ logId: 'default-modes' });
      other.transports.console.level = false;
      other.transports.file.resolvePathFn = () => join(logDir, 'default.log');
      other.info('a line');
      expect(mode(join(logDir, 'default.log'))).toBe('644');
    } finally {
      process.umask(previous);
    }
  });

  it('narrows a kiosk.log and a folder left world-readable by an older version', () => {
    const logDir = mkdtempSync(join(tmpdir(), 'kiosk-log-'));
    chmodSync(logDir, 0o755);
    writeFileSync(join(logDir, 'kiosk.log'), 'old lines\n', { mode: 0o666 });
    chmodSync(join(logDir, 'kiosk.log'), 0o666);
    writeFileSync(join(logDir, OLD_LOG_FILE_NAME), 'older lines\n');
    chmodSync(join(logDir, OLD_LOG_FILE_NAME), 0o644);
    configureLogFile({ resolvePathFn: () => '', maxSize: 0 }, logDir);
    expect(mode(join(logDir, 'kiosk.log'))).toBe('600');
    expect(mode(join(logDir, OLD_LOG_FILE_NAME))).toBe('600');
    expect(mode(logDir)).toBe('700');
  });
});

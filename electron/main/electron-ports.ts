/**
 * Electron's implementations of the core's ports: the keyring (safeStorage) as an Encryptor,
 * the save dialog as pickSaveFile (every save, with its own title), and electron-log as the log sink. Nothing else lives here.
 */
import { dialog, safeStorage, type BrowserWindow, type SaveDialogOptions } from 'electron';
import { existsSync } from 'node:fs';
import log from 'electron-log/main';
import { join } from 'node:path';
import { configureLogFile } from './log-file';
import type { Encryptor } from '../core/credentials/vault';
import type { PickSaveFile } from '../core/ports/save-file';
import type { Words } from '../core/language/words';
import { freeName } from '../core/storage/export-folder';
import type { LogSink } from '../core/log/logger';

export function safeStorageEncryptor(platform: NodeJS.Platform): Encryptor {
  return {
    backend: () => (platform === 'linux' ? safeStorage.getSelectedStorageBackend() : platform === 'darwin' ? 'keychain' : 'dpapi'),
    isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
    encryptString: (text) => safeStorage.encryptString(text),
    decryptString: (bytes) => safeStorage.decryptString(bytes),
  };
}

/**
 * The save dialog as the core's PickSaveFile port (core/ports/save-file.ts), for every save: the
 * dialog's title and filter are the ask's (History's export, the operator log's, a badge PDF), in
 * the language the page shows (`dialogs` messages, core/language/native-words.ts).
 */
export function saveDialog(window: () => BrowserWindow | null, documentsDir: string, words: () => Words): PickSaveFile {
  return async (suggestedName, ask) => {
    const said = words();
    const title = said.t(`dialogs.saveTitle.${ask.id}`);
    const options: SaveDialogOptions =
      ask.format === 'csv'
        ? {
            title,
            // A name not already in the folder, and a confirmation before replacing a file (Linux asks only when told to).
            defaultPath: join(documentsDir, freeName(suggestedName, (name) => existsSync(join(documentsDir, name)))),
            filters: [{ name: said.t('dialogs.csvFiles'), extensions: ['csv'] }],
            properties: ['showOverwriteConfirmation', 'createDirectory'],
          }
        : { title, defaultPath: join(documentsDir, suggestedName), filters: [{ name: said.t('dialogs.pdfFiles'), extensions: ['pdf'] }] };
    const owner = window();
    const result = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  };
}

export function electronLogSink(logDir: string): LogSink {
  // kiosk.log owner-only (0600 in a 0700 folder), not electron-log's default 0666.
  configureLogFile(log.transports.file, logDir);
  log.transports.console.level = process.env.KIOSK_DEBUG ? 'debug' : 'info';
  return (level, scope, message) => log[level](`[${scope}] ${message}`);
}

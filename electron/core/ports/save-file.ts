/**
 * The core's port for saving a file where the person chooses: one port for every save (History's
 * CSV export, the operator log's export, a badge as PDF), each asking with its own title and
 * format, worded by the edge in the language the page shows. The Electron edge answers with its save dialog (electron/main/electron-ports.ts), the
 * browser preview with an owner-only export folder (core/storage/export-folder.ts).
 */

import type { SaveAskId } from '../language/native-words';

/** What the person is asked: which save (the edge words its title in the language shown) and the kind of file. */
export interface SaveFileAsk {
  /** The save, e.g. 'operatorLog' ("Export the operator log", core/language/native-words.ts). */
  id: SaveAskId;
  format: 'csv' | 'pdf';
}

/** Asks where to save a file; null when the person cancelled. */
export type PickSaveFile = (suggestedName: string, ask: SaveFileAsk) => Promise<string | null>;

/** The asks of the kiosk's saves, in one place. */
export const SAVE_ASKS = {
  searchResults: { id: 'searchResults', format: 'csv' },
  operatorLog: { id: 'operatorLog', format: 'csv' },
  badgePdf: { id: 'badgePdf', format: 'pdf' },
} as const satisfies Record<string, SaveFileAsk>;

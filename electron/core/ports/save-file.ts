/**
 * The core's port for saving a file where the person chooses: one port for every save (History's
 * CSV export, the operator log's export, a badge as PDF), each asking with its own title and
 * format. The Electron edge answers with its save dialog (electron/main/electron-ports.ts), the
 * browser preview with an owner-only export folder (core/storage/export-folder.ts).
 */

/** What the person is asked: the dialog's title and the kind of file. */
export interface SaveFileAsk {
  /** The dialog's title, e.g. "Export the operator log". */
  title: string;
  format: 'csv' | 'pdf';
}

/** Asks where to save a file; null when the person cancelled. */
export type PickSaveFile = (suggestedName: string, ask: SaveFileAsk) => Promise<string | null>;

/** The asks of the kiosk's saves, in one place. */
export const SAVE_ASKS = {
  searchResults: { title: 'Export search results', format: 'csv' },
  operatorLog: { title: 'Export the operator log', format: 'csv' },
  badgePdf: { title: 'Save the badge as PDF', format: 'pdf' },
} as const satisfies Record<string, SaveFileAsk>;

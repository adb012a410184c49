/**
 * The site's copy of the cardholder directory as the kiosks see it (issue 34): numbered
 * revisions of records in the site store, written whole by the one kiosk that downloads for the
 * site (a change set under one revision) or one record at a time by a desk the service confirmed a
 * write to; read as the changes after a revision, or whole at one revision. Types only: the
 * implementation is site-directory-store.ts (PostgreSQL); the coordinator (site-directory-sync.ts)
 * never speaks SQL. No photo is ever part of a record here.
 */
import type { CardHolder } from '../service/access-service';
import type { SiteStoreProblem } from '../site-desk/site-store-port';

/** One record of the copy with its mark (a hash of the whole record, site-directory-marks.ts). */
export interface SiteDirectoryEntry {
  record: CardHolder;
  mark: string;
}

/** The copy's head: its newest revision and when a desk last compared it with the service. */
export interface SiteDirectoryStatus {
  /** 0: nothing was ever written. */
  revision: number;
  checkedAt: string | null;
  checkedBy: string | null;
  /** Live records at the head. */
  records: number;
  /** Records written after the revision asked about (how far behind that desk is). */
  changedSince: number;
  /** The store's identity (a desk never applies one store's revisions to another's). */
  siteId: string;
}

/** A change after a revision: the record's newest state, or its removal. */
export type SiteDirectoryChange = { id: number; revision: number; removed: false; record: CardHolder; mark: string } | { id: number; revision: number; removed: true };

/** What a published change set did. */
export interface SiteDirectoryPublished {
  /** The new revision (null: the change set was empty; only the check was noted). */
  revision: number | null;
  added: number;
  changed: number;
  removed: number;
  /** Records left as a desk wrote them after the download began (newer than the download's). */
  kept: number;
  records: number;
}

export interface SiteDirectoryStore {
  /** Host and port, never a password. */
  readonly label: string;
  /** Connects (migrating the schema when the role may); throws a SiteStoreError. */
  connect(): Promise<{ siteId: string }>;
  readonly connected: boolean;
  /** Tries to become the kiosk that downloads for the site (a session lock; it goes with the connection). */
  tryLead(): Promise<boolean>;
  /** Gives the lead up (this kiosk stops, or its download failed for good). */
  resign(): Promise<void>;
  readonly leading: boolean;
  status(after: number): Promise<SiteDirectoryStatus>;
  /** Ids and marks of the live records, ascending by id. */
  marks(): Promise<Map<number, string>>;
  /**
   * Publishes a change set as ONE revision (one transaction): `basis` is the revision the download
   * began at (a record a desk wrote after it and later than the download's is kept, never
   * removed), `checkedAt` when the download began. An empty set only notes the check.
   */
  publish(change: { desk: string; basis: number; checkedAt: string; put: SiteDirectoryEntry[]; remove: number[] }): Promise<SiteDirectoryPublished>;
  /** One record the service confirmed at a desk: its own revision at once (null: the copy holds it already). */
  write(desk: string, entry: SiteDirectoryEntry): Promise<number | null>;
  /** The changes after `after` up to the head (one consistent snapshot: never half a revision), with that head. */
  changesSince(after: number): Promise<{ revision: number; changes: SiteDirectoryChange[] }>;
  /** The whole copy at one revision (one consistent snapshot), in pages of JSON texts (each one record or several joined by commas), ascending by id. */
  readCopy(page: (records: string[]) => Promise<void> | void): Promise<{ revision: number; records: number; checkedAt: string | null }>;
  /** Called with the new revision when one was committed (LISTEN/NOTIFY). */
  onRevision(listener: (revision: number) => void): () => void;
  /** Called when the connection is lost after connect() succeeded. */
  onDown(listener: (problem: SiteStoreProblem) => void): () => void;
  close(): Promise<void>;
}

/**
 * A local log as JSON lines: each entry appended as one line and flushed to disk (fsync) before
 * the call returns, in call order; on read, a line that cannot be parsed (a torn last write, a
 * hand edit) is skipped and reported, never fatal, and the next append starts on a fresh line.
 * The caller validates entries (`parse`) and decides what the file means.
 *
 * With a data key (credentials/data-key.ts: the workstation has a real keyring) every line is
 * sealed: "AKJL1:" then base64 of IV, AES-256-GCM ciphertext of the JSON and tag, the file's name
 * bound in as associated data (a line cannot be moved to another log). A file written before
 * encryption (plain JSON lines) is still read, and its plain lines are then sealed in one atomic
 * rewrite, so personal data does not stay in clear beside the key. Without a key lines are plain
 * JSON, as before; a sealed line then cannot be read and is reported as skipped. The file is
 * owner-only (0600, narrowed on read when an older version left it wider).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { writeOwnerOnly } from './owner-only-files';

/** What starts a sealed line (a plain JSON line starts with "{"). */
export const SEALED_LINE_PREFIX = 'AKJL1:';
const IV = 12;
const TAG = 16;
const POSIX = process.platform !== 'win32';

export interface JsonLinesOptions {
  /** The data key (32 bytes), or null: lines are kept plain. */
  key?: Buffer | null;
  /**
   * Told after a read sealed this many plain lines of an older file (the migration), or why it
   * could not (the file is then left as it was and read again next time: never fatal).
   */
  migrated?: (lines: number, failure: string | null) => void;
}

export type SkipReason = 'unreadable' | 'sealed-without-key' | 'cannot-decrypt';

export class JsonLinesFile<T> {
  private writing: Promise<void> = Promise.resolve();
  /** The file ends without a newline (a torn last write): the next append starts a new line first. */
  private needsNewline = false;
  private readonly key: Buffer | null;
  private readonly aad: Buffer;

  constructor(
    readonly file: string,
    /** The entry a parsed line holds, or null when it holds none. */
    private readonly parse: (value: unknown) => T | null,
    private readonly options: JsonLinesOptions = {},
  ) {
    this.key = options.key ?? null;
    if (this.key && this.key.length !== 32) throw new Error('the data key must be 32 bytes');
    this.aad = Buffer.from(`${SEALED_LINE_PREFIX}${path.basename(file)}`, 'utf8');
  }

  /** True when lines are sealed with a data key. */
  get encrypted(): boolean {
    return this.key !== null;
  }

  /** Every readable entry in file order; `skipped` gets the number of each unreadable line (and why). */
  async read(skipped: (lineNumber: number, reason: SkipReason) => void = () => undefined): Promise<T[]> {
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (thrown) {
      if ((thrown as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw thrown;
    }
    await this.narrowMode();
    this.needsNewline = text.length > 0 && !text.endsWith('\n');
    const entries: T[] = [];
    let plainLines = 0;
    text.split('\n').forEach((line, index) => {
      if (line.trim() === '') return;
      let json: string | null = line;
      let reason: SkipReason = 'unreadable';
      if (line.startsWith(SEALED_LINE_PREFIX)) {
        json = this.key ? this.unseal(line) : null;
        if (json === null) reason = this.key ? 'cannot-decrypt' : 'sealed-without-key';
      } else if (this.key) plainLines++;
      let entry: T | null = null;
      if (json !== null) {
        try {
          entry = this.parse(JSON.parse(json));
        } catch {
          entry = null;
        }
      }
      if (entry === null) skipped(index + 1, reason);
      else entries.push(entry);
    });
    if (plainLines > 0) {
      try {
        await this.sealPlainLines();
        this.options.migrated?.(plainLines, null);
      } catch (thrown) {
        this.options.migrated?.(plainLines, thrown instanceof Error ? thrown.message : String(thrown));
      }
    }
    return entries;
  }

  /** Appends one entry; resolves once it is on disk. */
  append(entry: T): Promise<void> {
    return this.appendAll([entry]);
  }

  /** Appends several entries in one write and one flush to disk (a crash keeps none or a torn last line). */
  appendAll(entries: readonly T[]): Promise<void> {
    const line = entries.map((entry) => `${this.encode(JSON.stringify(entry))}\n`).join('');
    return this.queue(async () => {
      await fs.mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
      const handle = await fs.open(this.file, 'a', 0o600);
      try {
        await handle.appendFile(this.needsNewline ? `\n${line}` : line, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      this.needsNewline = false;
    });
  }

  /** Resolves when every append started so far has reached the disk. */
  async flush(): Promise<void> {
    await this.writing;
  }

  private queue(run: () => Promise<void>): Promise<void> {
    const write = this.writing.then(run);
    this.writing = write.catch(() => undefined);
    return write;
  }

  private encode(json: string): string {
    if (!this.key) return json;
    const iv = randomBytes(IV);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(this.aad);
    const sealed = Buffer.concat([iv, cipher.update(json, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${SEALED_LINE_PREFIX}${sealed.toString('base64')}`;
  }

  private unseal(line: string): string | null {
    if (!this.key) return null;
    try {
      const bytes = Buffer.from(line.slice(SEALED_LINE_PREFIX.length).trim(), 'base64');
      if (bytes.length < IV + TAG) return null;
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV));
      decipher.setAAD(this.aad);
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG));
      return Buffer.concat([decipher.update(bytes.subarray(IV, bytes.length - TAG)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  /**
   * The migration: every plain line (read or not: an unparseable one may still name someone) is
   * sealed as it is, sealed lines are kept, in one atomic owner-only rewrite (the old file or the
   * new one, never half), queued with the appends.
   */
  private sealPlainLines(): Promise<void> {
    return this.queue(async () => {
      const text = await fs.readFile(this.file, 'utf8');
      const lines = text.split('\n').filter((line) => line.trim() !== '');
      const sealed = lines.map((line) => (line.startsWith(SEALED_LINE_PREFIX) ? line : this.encode(line)));
      await writeOwnerOnly(this.file, sealed.map((line) => `${line}\n`).join(''));
      this.needsNewline = false;
    });
  }

  /** An older version may have left the file readable by others: owner-only, as new files are. */
  private async narrowMode(): Promise<void> {
    if (!POSIX) return;
    try {
      const info = await fs.stat(this.file);
      if ((info.mode & 0o077) !== 0 && info.uid === process.getuid?.()) await fs.chmod(this.file, 0o600);
    } catch {
      // Not ours or gone: the read above already decided.
    }
  }
}

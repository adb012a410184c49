/**
 * A local log as JSON lines: each entry appended as one line and flushed to disk (fsync) before
 * the call returns, in call order; on read, a line that cannot be parsed (a torn last write, a
 * hand edit) is skipped and reported, never fatal, and the next append starts on a fresh line.
 * The caller validates entries (`parse`) and decides what the file means.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';

export class JsonLinesFile<T> {
  private writing: Promise<void> = Promise.resolve();
  /** The file ends without a newline (a torn last write): the next append starts a new line first. */
  private needsNewline = false;

  constructor(
    readonly file: string,
    /** The entry a parsed line holds, or null when it holds none. */
    private readonly parse: (value: unknown) => T | null,
  ) {}

  /** Every readable entry in file order; `skipped` gets the number of each unreadable line. */
  async read(skipped: (lineNumber: number) => void = () => undefined): Promise<T[]> {
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (thrown) {
      if ((thrown as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw thrown;
    }
    this.needsNewline = text.length > 0 && !text.endsWith('\n');
    const entries: T[] = [];
    text.split('\n').forEach((line, index) => {
      if (line.trim() === '') return;
      let entry: T | null = null;
      try {
        entry = this.parse(JSON.parse(line));
      } catch {
        entry = null;
      }
      if (entry === null) skipped(index + 1);
      else entries.push(entry);
    });
    return entries;
  }

  /** Appends one entry; resolves once it is on disk. */
  append(entry: T): Promise<void> {
    return this.appendAll([entry]);
  }

  /** Appends several entries in one write and one flush to disk (a crash keeps none or a torn last line). */
  appendAll(entries: readonly T[]): Promise<void> {
    const line = entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
    const run = async (): Promise<void> => {
      await fs.mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
      const handle = await fs.open(this.file, 'a', 0o600);
      try {
        await handle.appendFile(this.needsNewline ? `\n${line}` : line, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      this.needsNewline = false;
    };
    const write = this.writing.then(run);
    this.writing = write.catch(() => undefined);
    return write;
  }

  /** Resolves when every append started so far has reached the disk. */
  async flush(): Promise<void> {
    await this.writing;
  }
}

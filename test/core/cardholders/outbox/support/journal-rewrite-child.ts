/**
 * Child process of the journal's atomicity test: rewrites the journal (argv[2], key argv[3] in hex
 * or "none") over and over, alternating between two sets of records, until it is killed. Prints
 * "running" once the first rewrite is done.
 */
import { writeSync } from 'node:fs';
import { OutboxJournal } from '../../../../../electron/core/cardholders/outbox/outbox-journal';
import { recordSet } from './journal-records';

async function main(): Promise<void> {
  const [file, keyHex] = process.argv.slice(2);
  if (!file || !keyHex) throw new Error('usage: journal-rewrite-child <file> <key hex|none>');
  const journal = new OutboxJournal<unknown>(file, keyHex === 'none' ? null : Buffer.from(keyHex, 'hex'));
  const sets = [recordSet('a'), recordSet('b')];
  for (let round = 0; ; round++) {
    await journal.rewrite(sets[round % 2] ?? []);
    if (round === 0) writeSync(1, 'running\n');
  }
}

main().catch((thrown: unknown) => {
  writeSync(2, `${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}\n`);
  process.exit(1);
});

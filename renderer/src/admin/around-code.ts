/**
 * A sentence with a command or a path in it, shown in <code>: the message is translated with a
 * mark where the code goes (so each language puts it where its word order wants), then split
 * around the mark into the text before and after.
 */
const MARK = '\u0000';

export function aroundCode(text: string): [string, string] {
  const at = text.indexOf(MARK);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + MARK.length)];
}
aroundCode.MARK = MARK;

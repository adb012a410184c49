/**
 * A translated sentence with elements inside it (a <time>, a highlighted number): the caller
 * renders the message with a marker for each such parameter (`slot('since')`) and splits the
 * result into text parts and slots, so each language puts the element where its grammar wants.
 * Pure; no state.
 */
const MARK = '\u0000';

/** The value to pass for a parameter rendered as an element. */
export const slot = (name: string): string => `${MARK}${name}${MARK}`;

export type MessagePart = { text: string; slot?: undefined } | { slot: string; text?: undefined };

/** Splits a message rendered with `slot(...)` values into its text and slot parts, in order. */
export function messageParts(rendered: string): MessagePart[] {
  return rendered
    .split(MARK)
    .map((piece, i): MessagePart => (i % 2 === 1 ? { slot: piece } : { text: piece }))
    .filter((part) => part.slot !== undefined || part.text !== '');
}

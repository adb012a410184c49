/**
 * The rules an admin PIN must follow, in one place for the admin tool (set-pin) and the tests.
 * A PIN is 6 to 12 digits (digits only, so it can be typed on a touch keypad or a keyboard's
 * number row); it may not be one digit repeated ("000000") nor a straight run up or down
 * ("123456", "987654"), the first guesses of anyone at a public kiosk.
 */
export const PIN_MIN_LENGTH = 6;
export const PIN_MAX_LENGTH = 12;

export const PIN_RULES_TEXT = `${PIN_MIN_LENGTH} to ${PIN_MAX_LENGTH} digits, not one digit repeated and not a straight run such as 123456`;

/** Why `pin` is not acceptable as a new admin PIN, or null when it is. */
export function pinProblem(pin: string): string | null {
  if (pin.length === 0) return 'no PIN was given.';
  if (!/^[0-9]+$/.test(pin)) return `the PIN must be digits only (${PIN_RULES_TEXT}).`;
  if (pin.length < PIN_MIN_LENGTH) return `the PIN is too short: at least ${PIN_MIN_LENGTH} digits.`;
  if (pin.length > PIN_MAX_LENGTH) return `the PIN is too long: at most ${PIN_MAX_LENGTH} digits.`;
  const digits = [...pin].map(Number);
  if (digits.every((d) => d === digits[0])) return 'the PIN may not be one digit repeated.';
  const steps = digits.slice(1).map((d, i) => (d - (digits[i] ?? 0) + 10) % 10);
  if (steps.every((s) => s === 1) || steps.every((s) => s === 9)) return 'the PIN may not be a straight run of digits such as 123456.';
  return null;
}

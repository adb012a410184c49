// A badge prints a record's names without the direction overrides and invisible characters it may hold (issue 32).
import { describe, expect, it } from 'vitest';
import { fieldValue } from '../../../electron/core/badges/badge-layout';
import { PERSON, SITE } from './support';

describe('badge field text', () => {
  it('prints "evil" as "evil" even when the record wraps it in a right-to-left override', () => {
    const person = { ...PERSON, first_Name: '\u202Elive\u202C', last_Name: 'Du\u200Bpont', displayName: '\u2067Zoë\u2069' };
    const issued = new Date('2026-11-28T10:00:00Z');
    expect(fieldValue('firstName', person, SITE, issued, '')).toBe('live');
    expect(fieldValue('lastName', person, SITE, issued, '')).toBe('Dupont');
    expect(fieldValue('fullName', person, SITE, issued, '')).toBe('live Dupont');
    expect(fieldValue('displayName', person, SITE, issued, '')).toBe('Zoë');
  });
});

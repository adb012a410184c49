/**
 * The cardholder fields as the officer knows them from the enrolment form ("Last name", not
 * "last_Name"), for the sentences of the enrolment log. The form's own labels live in
 * renderer/src/enrolment/enrolment-rules.ts (FIELD_LABELS); a test keeps the two in step.
 */
export const FIELD_WORDS: Readonly<Record<string, string>> = {
  first_Name: 'First name',
  middle_Name: 'Middle name',
  last_Name: 'Last name',
  employee_ID: 'Employee ID',
  email: 'E-mail',
  sex: 'Sex',
  phone: 'Phone',
  address1: 'Address',
  address2: 'Address (line 2)',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
  tenant: 'Tenants',
  card_Holder_Type_ID: 'Cardholder type',
};

/**
 * "Last name, City": the fields named as the form names them (an unknown one as it is);
 * `inSentence`: "last name, city" for the middle of a sentence ("ZIP code" keeps its capitals).
 */
export function fieldWords(fields: readonly string[], inSentence = false): string {
  const lower = (word: string): string => (/^[A-Z][a-z]/.test(word) ? word.charAt(0).toLowerCase() + word.slice(1) : word);
  return fields.map((field) => FIELD_WORDS[field] ?? field).map((word) => (inSentence ? lower(word) : word)).join(', ');
}

/**
 * Enrolment store: the form the officer fills to create a cardholder or to edit one, its checks
 * before anything is sent, the likely duplicates from the directory (asked for as the officer
 * types a name, an employee ID or an e-mail, and once more before creating), the service's
 * refusals placed next to the field they name, and an update that met a record changed on the
 * server (both values shown, nothing overwritten blindly). Nothing typed is lost on a refusal or
 * an unreachable service. Clearing forgets it all. A new cardholder starts with a type and tenants
 * only when the site configured them (main's choices say which); otherwise none is chosen and none
 * is sent until the officer chooses (`needsChoice`: the form says so). Talks to main only through
 * renderer/src/api.
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { usePrivacyRegistry } from '../shell/privacy-registry';
import { computed, reactive, readonly, ref, shallowRef } from 'vue';
import { kiosk, type KioskError } from '../api/kiosk';
import type { CardholderFields, CardholderRecord, DuplicateCandidate, EnrolmentChoices, OutboxItemView } from '../../../electron/contract/ipc';
import { changedFields, checkForm, emptyForm, fieldsOf, formFieldOf, formFromFields, formFromRecord, toFields, type EnrolmentForm, type FieldProblem, type FormField } from './enrolment-rules';
import { unusedValues, type UnusedValue } from './enrolment-choices';
import { errorText } from '../i18n/error-text';
import { formatNumber } from '../i18n/format';
import { t } from '../i18n/i18n';

/** create and edit send to the service; fix changes an enrolment the service refused, waiting in the outbox. */
export type EnrolmentMode = 'closed' | 'create' | 'edit' | 'fix';

export interface Conflict {
  /** The record as the service has it now. */
  current: CardholderRecord;
  /** What the officer meant to change, field by field. */
  mine: Partial<CardholderFields>;
}

export const DUPLICATE_CHECK_DELAY_MS = 250;

/**
 * What the last save did, kept as what happened (not a sentence) so that it is worded in the
 * language shown, again after a switch: noticeText. `warning`: the save went through with a
 * warning from main (an error, worded by errorText).
 */
export type EnrolmentNotice =
  | { code: 'created' | 'unchanged' | 'sameValues' | 'showsService' | 'backInOutbox' | 'sentLater' }
  /** Waiting in the outbox (`itemId`: its item there, so the notice can follow it until it is sent). */
  | { code: 'savedLocally' | 'noAnswer'; itemId?: string }
  | { code: 'saved'; count: number }
  | { code: 'warning'; error: KioskError };

/** A notice in the language shown (call it where it is shown: a computed or a template). */
export function noticeText(notice: EnrolmentNotice): string {
  switch (notice.code) {
    case 'created':
      return t('enrolment.notice.created');
    case 'savedLocally':
      return t('enrolment.notice.savedLocally');
    case 'noAnswer':
      return t('enrolment.notice.noAnswer');
    case 'unchanged':
      return t('enrolment.notice.unchanged');
    case 'sameValues':
      return t('enrolment.notice.sameValues');
    case 'showsService':
      return t('enrolment.notice.showsService');
    case 'backInOutbox':
      return t('enrolment.notice.backInOutbox');
    case 'sentLater':
      return t('enrolment.notice.sentLater');
    case 'saved':
      return t('enrolment.notice.saved', { count: formatNumber(notice.count) }, notice.count);
    case 'warning':
      return errorText(notice.error);
  }
}

export const useEnrolmentStore = defineStore('enrolment', () => {
  const mode = ref<EnrolmentMode>('closed');
  const form = reactive<EnrolmentForm>(emptyForm());
  /** The record being edited, as it was when opened (or last saved). */
  const original = shallowRef<CardholderRecord | null>(null);
  const problems = ref<FieldProblem[]>([]);
  /** The service's refusal, and the field it belongs to when it names one. */
  const refusal = ref<{ error: KioskError; field: FormField | null } | null>(null);
  const saving = ref(false);
  const duplicates = shallowRef<DuplicateCandidate[]>([]);
  /** The officer saw the duplicates and chose to create anyway. */
  const duplicatesAccepted = ref(false);
  const conflict = shallowRef<Conflict | null>(null);
  /** What the last save did, for the status line (`notice`: in the language shown). */
  const said = shallowRef<EnrolmentNotice | null>(null);
  const notice = computed(() => (said.value ? noticeText(said.value) : null));
  /** The refused outbox item being fixed (mode 'fix'). */
  const fixing = shallowRef<OutboxItemView | null>(null);
  /** The types and tenants offered (named by the site, seen in the directory), asked for when the form opens. */
  const choices = shallowRef<EnrolmentChoices | null>(null);
  /** Values nobody in the directory uses that the officer is about to send: they confirm them first. */
  const unused = shallowRef<UnusedValue[]>([]);
  const unusedAccepted = ref(false);
  /** The service did not answer a create or a change: it waits, checked, in the outbox (do not enter it again). */
  const unanswered = ref(false);
  // Nothing preselected until main says what the site configured (loadChoices).
  let defaults: { tenant: number[]; cardholderType: number | null; knownTenants: number[] } = { tenant: [], cardholderType: null, knownTenants: [] };
  /** The officer chose a type or tenants on this form: the choices arriving late do not overwrite them. */
  const chose = { type: false, tenants: false };
  let duplicateTimer: ReturnType<typeof setTimeout> | null = null;
  let duplicateToken = 0;

  const problemFor = (field: FormField): string | null =>
    problems.value.find((p) => p.field === field)?.message ?? (refusal.value?.field === field ? errorText(refusal.value.error) : null);

  /** Tenant and type defaults of this site (configured ones only) and the tenants its catalogue names. */
  function configure(site: { tenant: number[]; cardholderType: number | null; knownTenants: number[] }): void {
    defaults = site;
  }

  function resetState(): void {
    chose.type = false;
    chose.tenants = false;
    fixing.value = null;
    problems.value = [];
    refusal.value = null;
    saving.value = false;
    duplicates.value = [];
    duplicatesAccepted.value = false;
    conflict.value = null;
    said.value = null;
    unused.value = [];
    unusedAccepted.value = false;
    unanswered.value = false;
    if (duplicateTimer) clearTimeout(duplicateTimer);
    duplicateTimer = null;
    ++duplicateToken;
  }

  /**
   * Asks main for the types and tenants to offer (named and seen, with counts) and what a new
   * cardholder starts with; `fresh`: put those defaults in the form (a create nobody typed in yet).
   */
  async function loadChoices(fresh: boolean): Promise<void> {
    const result = await kiosk.getEnrolmentChoices();
    if (!result.ok) return;
    choices.value = result.value;
    const offered = result.value.tenants.map((t) => t.id);
    defaults = { tenant: result.value.defaults.tenants, cardholderType: result.value.defaults.cardholderType, knownTenants: [...new Set([...defaults.knownTenants, ...offered])] };
    if (fresh && mode.value === 'create' && !typedAnything()) {
      if (!chose.tenants) {
        form.tenant = [...defaults.tenant].filter((t) => offered.includes(t));
        form.otherTenants = defaults.tenant.filter((t) => !offered.includes(t)).join(', ');
      }
      if (!chose.type) form.card_Holder_Type_ID = defaults.cardholderType === null ? '' : String(defaults.cardholderType);
    } else if (mode.value === 'edit' && original.value) {
      // Tenants the choices now name move from "other numbers" to their boxes.
      const { tenant, otherTenants } = formFromRecord({ ...original.value, tenant: [...form.tenant, ...otherNumbers()] }, defaults.knownTenants);
      form.tenant = tenant;
      form.otherTenants = otherTenants;
    }
  }

  function otherNumbers(): number[] {
    return form.otherTenants.split(/[\s,;]+/).filter((p) => /^\d{1,10}$/.test(p)).map(Number);
  }

  function typedAnything(): boolean {
    return (['middle_Name', 'employee_ID', 'email', 'sex', 'phone', 'address1', 'address2', 'city', 'state', 'zip'] as const).some((key) => form[key].trim() !== '');
  }

  /** A new cardholder; what the officer typed in the lookup may prefill the names ("Jane Smith"). */
  function startCreate(prefill: { first_Name?: string; last_Name?: string; employee_ID?: string; email?: string } = {}): void {
    resetState();
    Object.assign(form, emptyForm({ tenant: defaults.tenant, cardholderType: defaults.cardholderType }), prefill);
    original.value = null;
    mode.value = 'create';
    if (prefill.first_Name || prefill.last_Name || prefill.employee_ID || prefill.email) scheduleDuplicateCheck();
    void loadChoices(true);
  }

  function startEdit(record: CardholderRecord): void {
    resetState();
    Object.assign(form, formFromRecord(record, defaults.knownTenants));
    original.value = record;
    mode.value = 'edit';
    void loadChoices(false);
  }

  /**
   * Opens an enrolment the service refused: a create with the fields it had, or an update as the
   * record (`base`, the service's version) with the queued changes applied.
   */
  function startFix(item: OutboxItemView, base: CardholderRecord | null): void {
    resetState();
    fixing.value = item;
    original.value = base;
    const start = item.kind === 'create' ? (item.fields as CardholderFields) : base ? { ...fieldsOf(base), ...(item.fields ?? {}) } : null;
    if (start) Object.assign(form, formFromFields(start, defaults.knownTenants));
    refusal.value = item.lastError ? { error: item.lastError, field: formFieldOf(item.lastError.field) } : null;
    mode.value = 'fix';
  }

  /** Sends the fixed enrolment back to the outbox; what was queued again, or null (problems or a refusal shown). */
  async function resendFix(): Promise<{ item: OutboxItemView; fields: CardholderFields } | null> {
    const item = fixing.value;
    if (!item) return null;
    const fields = check();
    if (!fields) return null;
    const fix = item.kind === 'create' ? { create: fields } : { changes: original.value ? changedFields(fieldsOf(original.value), fields) : fields };
    refusal.value = null;
    saving.value = true;
    try {
      const result = await kiosk.resendOutboxItem({ itemId: item.id, ...fix });
      if (!result.ok) {
        refused(result.error);
        return null;
      }
      said.value = { code: 'backInOutbox' };
      return { item, fields };
    } finally {
      saving.value = false;
    }
  }

  /** The officer changed a field: its problems go, duplicates are looked up again after a pause. */
  function touched(field: FormField): void {
    problems.value = problems.value.filter((p) => p.field !== field);
    if (refusal.value?.field === field) refusal.value = null;
    said.value = null;
    unanswered.value = false;
    if (field === 'tenant' || field === 'otherTenants' || field === 'card_Holder_Type_ID') {
      if (field === 'card_Holder_Type_ID') chose.type = true;
      else chose.tenants = true;
      unused.value = [];
      unusedAccepted.value = false;
    }
    if (['first_Name', 'last_Name', 'employee_ID', 'email'].includes(field)) {
      duplicatesAccepted.value = false;
      scheduleDuplicateCheck();
    }
  }

  function scheduleDuplicateCheck(): void {
    if (duplicateTimer) clearTimeout(duplicateTimer);
    duplicateTimer = setTimeout(() => void checkDuplicates(), DUPLICATE_CHECK_DELAY_MS);
  }

  async function checkDuplicates(): Promise<DuplicateCandidate[]> {
    if (duplicateTimer) clearTimeout(duplicateTimer);
    duplicateTimer = null;
    const mine = ++duplicateToken;
    const result = await kiosk.findDuplicateCardholders({
      first_Name: form.first_Name.trim().slice(0, 100),
      last_Name: form.last_Name.trim().slice(0, 100),
      employee_ID: form.employee_ID.trim().slice(0, 50),
      email: form.email.trim().slice(0, 254),
      ...(original.value ? { excludeId: original.value.id } : {}),
    });
    if (mine !== duplicateToken) return duplicates.value;
    // The check advises; when it cannot be made the officer is not stopped.
    duplicates.value = result.ok ? result.value : [];
    return duplicates.value;
  }

  function acceptDuplicates(): void {
    duplicatesAccepted.value = true;
  }

  function check(purpose: 'create' | 'edit' = 'create'): CardholderFields | null {
    problems.value = checkForm(form, { employeeIdPattern: choices.value?.employeeIdPattern ?? null });
    return problems.value.length === 0 ? toFields(form, purpose) : null;
  }

  /** False (and the values shown for confirmation) when the fields use a type or tenant nobody has yet. */
  function confirmedValues(fields: Partial<CardholderFields>): boolean {
    if (unusedAccepted.value || !choices.value) return true;
    unused.value = unusedValues(fields, choices.value);
    return unused.value.length === 0;
  }

  function acceptUnused(): void {
    unusedAccepted.value = true;
  }

  function refused(error: KioskError): void {
    refusal.value = { error, field: formFieldOf(error.field) };
  }

  /**
   * Creates the cardholder: checks the form, then the duplicates (the officer decides on them
   * first), then sends. Returns the created record, or null when it was not created.
   */
  async function create(): Promise<CardholderRecord | null> {
    const fields = check();
    if (!fields) return null;
    if (!confirmedValues(fields)) return null;
    refusal.value = null;
    saving.value = true;
    try {
      if (!duplicatesAccepted.value) {
        const found = await checkDuplicates();
        if (found.length > 0) return null;
      }
      const result = await kiosk.createCardholder(fields);
      if (!result.ok) {
        refused(result.error);
        return null;
      }
      unanswered.value = result.value.queued?.inDoubt === true;
      const queued = result.value.queued;
      said.value = queued ? { code: unanswered.value ? 'noAnswer' : 'savedLocally', itemId: queued.id } : { code: 'created' };
      return result.value.record;
    } finally {
      saving.value = false;
    }
  }

  /**
   * Saves the changes of the record being edited: only the fields that changed; nothing when
   * nothing did ('unchanged': the form stays, saying so). On success the form shows what the
   * service saved and the record is returned.
   */
  async function saveChanges(): Promise<CardholderRecord | 'unchanged' | null> {
    const before = original.value;
    if (!before) return null;
    const fields = check('edit');
    if (!fields) return null;
    const changes = changedFields(fieldsOf(before), fields);
    if (!confirmedValues(changes)) return null;
    if (Object.keys(changes).length === 0) {
      said.value = { code: 'unchanged' };
      return 'unchanged';
    }
    return send(before.id, changes, before.updated);
  }

  async function send(id: number, changes: Partial<CardholderFields>, expectedUpdated: string): Promise<CardholderRecord | null> {
    refusal.value = null;
    conflict.value = null;
    saving.value = true;
    try {
      const result = await kiosk.updateCardholder({ id, changes, expectedUpdated });
      if (!result.ok) {
        refused(result.error);
        return null;
      }
      const outcome = result.value;
      if (outcome.outcome === 'conflict') {
        conflict.value = { current: outcome.current, mine: changes };
        return null;
      }
      if (outcome.outcome === 'unchanged') {
        said.value = { code: 'unchanged' };
        return original.value;
      }
      if (outcome.outcome === 'queued') {
        unanswered.value = outcome.item.inDoubt === true;
        said.value = { code: unanswered.value ? 'noAnswer' : 'savedLocally', itemId: outcome.item.id };
        return outcome.record;
      }
      original.value = outcome.record;
      Object.assign(form, formFromRecord(outcome.record, defaults.knownTenants));
      said.value = outcome.warning ? { code: 'warning', error: outcome.warning } : { code: 'saved', count: outcome.sent.length };
      return outcome.record;
    } finally {
      saving.value = false;
    }
  }

  /** After a conflict: send the officer's changes over the service's current version. */
  async function keepMine(): Promise<CardholderRecord | null> {
    const c = conflict.value;
    if (!c) return null;
    original.value = c.current;
    const changes = changedFields(fieldsOf(c.current), { ...fieldsOf(c.current), ...c.mine });
    if (Object.keys(changes).length === 0) {
      conflict.value = null;
      Object.assign(form, formFromRecord(c.current, defaults.knownTenants));
      said.value = { code: 'sameValues' };
      return c.current;
    }
    return send(c.current.id, changes, c.current.updated);
  }

  /** After a conflict: drop the officer's changes and show the service's version. */
  function takeTheirs(): void {
    const c = conflict.value;
    if (!c) return;
    original.value = c.current;
    Object.assign(form, formFromRecord(c.current, defaults.knownTenants));
    conflict.value = null;
    said.value = { code: 'showsService' };
  }

  /**
   * On a new cardholder, the choices nobody made: no type, no tenant. The form says so beside the
   * field (none is sent until the officer chooses one; the site configured no default).
   */
  const needsChoice = computed(() => ({
    type: mode.value === 'create' && form.card_Holder_Type_ID.trim() === '',
    tenants: mode.value === 'create' && form.tenant.length === 0 && form.otherTenants.trim() === '',
  }));

  const dirty = computed(() => {
    // A new cardholder: something typed or chosen beyond the site's defaults the form started with.
    if (mode.value === 'create') {
      const typed = (Object.keys(form) as Array<keyof EnrolmentForm>).some((key) => key !== 'tenant' && key !== 'card_Holder_Type_ID' && key !== 'otherTenants' && String(form[key]).trim() !== '');
      const type = form.card_Holder_Type_ID.trim() !== (defaults.cardholderType === null ? '' : String(defaults.cardholderType));
      const tenants = [...form.tenant, ...otherNumbers()].sort((a, b) => a - b).join(',') !== [...defaults.tenant].sort((a, b) => a - b).join(',');
      return typed || type || tenants;
    }
    if (mode.value === 'edit' && original.value) {
      const fields = checkForm(form).length === 0 ? toFields(form, 'edit') : null;
      return fields === null || Object.keys(changedFields(fieldsOf(original.value), fields)).length > 0;
    }
    return false;
  });

  /** Forgets the form and everything about the person (Next person, idle, cancel). */
  function clear(): void {
    resetState();
    Object.assign(form, emptyForm({ tenant: defaults.tenant, cardholderType: defaults.cardholderType }));
    original.value = null;
    mode.value = 'closed';
  }

  usePrivacyRegistry().register('enrolment', { scope: 'desk', hasPersonalData: () => mode.value !== 'closed' || dirty.value, unsent: () => dirty.value, forget: clear });

  return {
    mode: readonly(mode),
    form,
    original,
    problems: readonly(problems),
    refusal: readonly(refusal),
    saving: readonly(saving),
    duplicates,
    duplicatesAccepted: readonly(duplicatesAccepted),
    conflict,
    notice,
    said: readonly(said),
    fixing,
    choices,
    unused,
    unusedAccepted: readonly(unusedAccepted),
    unanswered: readonly(unanswered),
    needsChoice,
    dirty,
    problemFor,
    configure,
    startCreate,
    startEdit,
    startFix,
    resendFix,
    touched,
    checkDuplicates,
    acceptDuplicates,
    acceptUnused,
    loadChoices,
    create,
    saveChanges,
    keepMine,
    takeTheirs,
    clear,
  };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useEnrolmentStore, import.meta.hot));

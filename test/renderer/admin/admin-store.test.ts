import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { mount } from '@vue/test-utils';
import type { AdminLockState, AdminOverview } from '../../../electron/contract/ipc';

const api = vi.hoisted(() => ({
  getAdminOverview: vi.fn(),
  getServiceStatus: vi.fn(),
  getOutbox: vi.fn(),
  getAdminLock: vi.fn(),
  unlockAdmin: vi.fn(),
  lockAdmin: vi.fn(),
  quitKiosk: vi.fn(),
  leaveKioskMode: vi.fn(),
  onOutboxState: vi.fn(() => () => undefined),
  // The badge templates panel of the Administration view.
  getBadgeSetup: vi.fn(async () => ({ ok: true, value: { templatesDir: null, builtIn: false, templates: [], printer: null, installedPrinters: [] } })),
  listBadgeLog: vi.fn(async () => ({ ok: true, value: [] })),
}));
vi.mock('../../../renderer/src/api/kiosk', () => ({ kiosk: api }));

const { useAdminStore } = await import('../../../renderer/src/admin/admin-store');
const { default: AdminView } = await import('../../../renderer/src/admin/AdminView.vue');

const OVERVIEW: AdminOverview = {
  mode: 'configured',
  serviceLabel: 'access.example.org:443',
  authScheme: 'basic',
  authDetail: 'user kiosk',
  customCertificateAuthority: true,
  pinnedCertificates: 1,
  credential: { stored: true, savedAt: null, storage: 'owner-only-file', encrypted: false, location: '/home/k/.config/access-kiosk/credentials/credential.json', warning: 'Stored unencrypted.', boundTo: 'https://access.example.org' },
  transportWarning: null,
  directory: {
    saved: true,
    location: '/home/k/.config/access-kiosk/data/directory.snapshot',
    bytes: 5_400_000,
    records: 10_000,
    syncedAt: '2026-11-21T10:00:00.000Z',
    encrypted: false,
    warning: 'Personal data kept on this workstation (the saved cardholder directory) is not encrypted.',
  },
};

const LOCKED: AdminLockState = { configured: true, unlocked: false, unlockedUntil: null, lockedUntil: null, attemptsLeft: 5, problem: null, setCommand: 'admin set-pin' };
const UNLOCKED: AdminLockState = { ...LOCKED, unlocked: true, unlockedUntil: '2030-01-01T00:00:00.000Z' };

describe('administration', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    api.getAdminOverview.mockReset().mockResolvedValue({ ok: true, value: OVERVIEW });
    api.getAdminLock.mockReset().mockResolvedValue({ ok: true, value: UNLOCKED });
    api.lockAdmin.mockReset().mockResolvedValue({ ok: true, value: LOCKED });
    api.unlockAdmin.mockReset().mockResolvedValue({ ok: true, value: UNLOCKED });
    api.quitKiosk.mockReset().mockResolvedValue({ ok: true, value: { done: true, message: 'The kiosk is quitting.' } });
    api.getOutbox.mockReset().mockResolvedValue({ ok: true, value: { pending: 0, failed: 0, paused: null, offline: false, items: [], damage: null, confirmed: [] } });
    api.getServiceStatus.mockReset().mockResolvedValue({
      ok: true,
      value: { mode: 'configured', serviceLabel: 'access.example.org:443', reachable: false, maxEventId: null, checkedAt: '2026-11-21T10:00:00.000Z', error: { code: 'unauthorized', message: 'The service refused the kiosk’s credential.' } },
    });
  });

  it('loads the overview and keeps a typed error when main refuses', async () => {
    const store = useAdminStore();
    await store.load();
    expect(store.overview).toEqual(OVERVIEW);
    api.getAdminOverview.mockResolvedValueOnce({ ok: false, error: { code: 'internal', message: 'Something went wrong inside the kiosk.' } });
    await store.load();
    expect(store.error?.message).toBe('Something went wrong inside the kiosk.');
  });

  it('shows the storage warning and the connection test result in words', async () => {
    const wrapper = mount(AdminView, { global: { plugins: [createPinia()] } });
    await vi.waitFor(() => expect(wrapper.find('[data-testid="admin-credential-warning"]').exists()).toBe(true));
    expect(wrapper.get('[data-testid="admin-credential"]').text()).toContain('Not encrypted');
    expect(wrapper.get('[data-testid="admin-service"]').text()).toContain('user kiosk');
    await wrapper.findAll('button').find((b) => b.text() === 'Test the connection')?.trigger('click');
    await vi.waitFor(() => expect(wrapper.get('[data-testid="admin-connection"]').text()).toContain('refused the kiosk’s credential'));
  });

  it('shows times on the kiosk\'s one clock, 24 hours (never "12:19:16 AM")', async () => {
    const justAfterMidnight = new Date(2026, 10, 21, 0, 19, 16).toISOString();
    api.getAdminOverview.mockResolvedValue({ ok: true, value: { ...OVERVIEW, credential: { ...OVERVIEW.credential, savedAt: justAfterMidnight }, directory: { ...OVERVIEW.directory, syncedAt: justAfterMidnight } } });
    const wrapper = mount(AdminView, { global: { plugins: [createPinia()] } });
    await vi.waitFor(() => expect(wrapper.get('[data-testid="admin-credential"]').text()).toContain('00:19:16'));
    expect(wrapper.text()).not.toMatch(/\b(AM|PM)\b/);
    expect(wrapper.text()).not.toContain('12:19:16');
  });

  it('says how many enrolments wait, and where a damaged saved outbox was kept', async () => {
    api.getOutbox.mockResolvedValueOnce({
      ok: true,
      value: { pending: 3, failed: 1, paused: null, offline: true, items: [], damage: { keptAt: '/data/outbox.journal.damaged-x', unreadable: 2, reason: '2 records in it could not be read' }, confirmed: [] },
    });
    const wrapper = mount(AdminView, { global: { plugins: [createPinia()] } });
    await vi.waitFor(() => expect(wrapper.find('[data-testid="admin-outbox-damage"]').exists()).toBe(true));
    expect(wrapper.get('[data-testid="admin-outbox"]').text()).toContain('3 enrolments to send, 1 enrolment needing attention');
    expect(wrapper.get('[data-testid="admin-outbox-damage"]').text()).toContain('2 records in it could not be read');
    expect(wrapper.get('[data-testid="admin-outbox-damage"]').text()).toContain('/data/outbox.journal.damaged-x');
  });

  it('locked: shows nothing of the overview and asks for the PIN; the PIN dialog unlocks it', async () => {
    api.getAdminLock.mockResolvedValue({ ok: true, value: LOCKED });
    const { default: PinDialog } = await import('../../../renderer/src/admin/PinDialog.vue');
    const pinia = createPinia();
    setActivePinia(pinia);
    const wrapper = mount(AdminView, { global: { plugins: [pinia] }, attachTo: document.body });
    const dialog = mount(PinDialog, { global: { plugins: [pinia] }, attachTo: document.body });
    await vi.waitFor(() => expect(wrapper.find('[data-testid="admin-locked"]').exists()).toBe(true));
    expect(api.getAdminOverview).not.toHaveBeenCalled();
    expect(wrapper.find('[data-testid="admin-credential"]').exists()).toBe(false);
    await wrapper.get('[data-testid="admin-unlock"]').trigger('click');
    await vi.waitFor(() => expect(dialog.find('[data-testid="pin-input"]').exists()).toBe(true));
    // Touch: the keypad types; keyboard: the field takes digits too.
    for (const digit of ['4', '8', '0']) await dialog.get(`button[aria-label="Digit ${digit}"]`).trigger('click');
    await dialog.get('[data-testid="pin-input"]').setValue('480261');
    api.unlockAdmin.mockResolvedValueOnce({ ok: false, error: { code: 'forbidden', message: 'Wrong PIN. 4 tries left before the PIN is locked for a while.' } });
    await dialog.get('form').trigger('submit');
    await vi.waitFor(() => expect(dialog.get('[data-testid="pin-error"]').text()).toContain('Wrong PIN. 4 tries left'));
    expect((dialog.get('[data-testid="pin-input"]').element as HTMLInputElement).value).toBe('');
    api.getAdminLock.mockResolvedValue({ ok: true, value: UNLOCKED });
    await dialog.get('[data-testid="pin-input"]').setValue('480261');
    await dialog.get('form').trigger('submit');
    await vi.waitFor(() => expect(wrapper.find('[data-testid="admin-credential"]').exists()).toBe(true));
    expect(api.unlockAdmin).toHaveBeenLastCalledWith({ pin: '480261' });
    expect(dialog.find('[data-testid="pin-input"]').exists()).toBe(false);
    wrapper.unmount();
    dialog.unmount();
  });

  it('without a PIN set: says so and what to run, and nothing else', async () => {
    api.getAdminLock.mockResolvedValue({ ok: true, value: { ...LOCKED, configured: false, problem: 'No administrator PIN is set on this kiosk.' } });
    const wrapper = mount(AdminView, { global: { plugins: [createPinia()] } });
    await vi.waitFor(() => expect(wrapper.find('[data-testid="admin-pin-missing"]').exists()).toBe(true));
    expect(wrapper.get('[data-testid="admin-pin-missing"]').text()).toContain('admin set-pin');
    expect(wrapper.find('[data-testid="admin-unlock"]').exists()).toBe(false);
    expect(api.getAdminOverview).not.toHaveBeenCalled();
  });

  it('unlocked: shows where the credential is sent and the plain-http warning; quits through main', async () => {
    api.getAdminOverview.mockResolvedValue({ ok: true, value: { ...OVERVIEW, transportWarning: 'The service is reached over plain http:// (http://10.0.0.5:8080).' } });
    const wrapper = mount(AdminView, { global: { plugins: [createPinia()] } });
    await vi.waitFor(() => expect(wrapper.find('[data-testid="admin-transport-warning"]').exists()).toBe(true));
    expect(wrapper.get('[data-testid="admin-credential"]').text()).toContain('https://access.example.org only');
    await wrapper.get('[data-testid="admin-quit"]').trigger('click');
    await vi.waitFor(() => expect(wrapper.get('[data-testid="admin-action-result"]').text()).toBe('The kiosk is quitting.'));
    expect(api.quitKiosk).toHaveBeenCalledOnce();
  });
});

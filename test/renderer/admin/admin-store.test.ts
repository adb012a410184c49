import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { mount } from '@vue/test-utils';
import type { AdminOverview } from '../../../electron/contract/ipc';

const api = vi.hoisted(() => ({
  getAdminOverview: vi.fn(),
  getServiceStatus: vi.fn(),
  getOutbox: vi.fn(),
  onOutboxState: vi.fn(() => () => undefined),
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
  credential: { stored: true, savedAt: null, storage: 'owner-only-file', encrypted: false, location: '/home/k/.config/access-kiosk/credentials/credential.json', warning: 'Stored unencrypted.' },
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

describe('administration', () => {
  beforeEach(() => {
    setActivePinia(createPinia());
    api.getAdminOverview.mockReset().mockResolvedValue({ ok: true, value: OVERVIEW });
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
    await wrapper.get('button').trigger('click');
    await vi.waitFor(() => expect(wrapper.get('[data-testid="admin-connection"]').text()).toContain('refused the kiosk’s credential'));
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
});

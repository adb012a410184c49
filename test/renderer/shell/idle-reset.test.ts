/**
 * The kiosk-wide idle reset and the PIN gate of the navigation: after the idle time the kiosk goes
 * home, clears the personal data of every screen and locks the admin actions, says in one line
 * whether a half-typed form was cleared, and leaves the feed and the outbox alone (no call to main
 * but the lock). The Administration view opens only after the PIN when one is set.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { ADMIN_LOCKED, ADMIN_PIN, ADMIN_UNLOCKED, createFakeKiosk, fake, ok } from '../support/fake-kiosk';


import { useIdleResetStore } from '../../../renderer/src/shell/idle-reset-store';
import { useNavigationStore } from '../../../renderer/src/shell/navigation-store';
import { useFrontDeskStore } from '../../../renderer/src/cardholders/front-desk-store';
import { useLookupStore } from '../../../renderer/src/cardholders/lookup-store';
import { useEnrolmentStore } from '../../../renderer/src/enrolment/enrolment-store';
import { useHistorySearchStore } from '../../../renderer/src/history/history-search-store';
import { useAdminLockStore } from '../../../renderer/src/admin/admin-lock-store';
import { useAdminStore } from '../../../renderer/src/admin/admin-store';

const VIEWS = ['front-desk', 'live-feed', 'history', 'operator-log', 'admin'];

beforeEach(() => {
  fake.current = createFakeKiosk();
  setActivePinia(createPinia());
});

describe('idle reset', () => {
  it('goes home and clears the search, the half-typed form, the history search; the notice says the form was cleared', async () => {
    const navigation = useNavigationStore();
    navigation.startAt('front-desk', VIEWS);
    const idle = useIdleResetStore();
    expect(idle.armed()).toBe(false);
    await useLookupStore().search('dupont');
    useFrontDeskStore().startNew();
    useEnrolmentStore().form.first_Name = 'Marie';
    useEnrolmentStore().form.email = 'marie.dupont@example.org';
    const history = useHistorySearchStore();
    history.form.text = 'Marie Dupont';
    await navigation.show('history');
    expect(idle.armed()).toBe(true);
    const callsBefore = Object.fromEntries(Object.entries(fake.current.api).map(([name, fn]) => [name, (fn as { mock?: { calls: unknown[] } }).mock?.calls.length ?? 0]));

    idle.reset(120);

    expect(navigation.current).toBe('front-desk');
    expect(useLookupStore().query).toBe('');
    expect(useFrontDeskStore().step).toBe('idle');
    expect(useEnrolmentStore().form.first_Name).toBe('');
    expect(useEnrolmentStore().form.email).toBe('');
    expect(history.form.text).toBe('');
    expect(history.outcome).toBeNull();
    expect(idle.notice).toMatch(/^After 2 min without activity .*a form that was not sent was cleared \(enrolments already saved on this workstation are kept\)\.$/);
    expect(idle.armed()).toBe(false);
    // Nothing is sent, discarded or stopped in main: the feed and the outbox go on.
    for (const name of ['createCardholder', 'updateCardholder', 'discardOutboxItem', 'retryOutbox', 'uploadCardholderPhoto']) {
      expect((fake.current.api as unknown as Record<string, { mock: { calls: unknown[] } }>)[name]?.mock.calls.length).toBe(callsBefore[name]);
    }
  });

  it('without a half-typed form the notice does not mention one; the admin view is forgotten and locked', async () => {
    fake.current.api.getAdminLock.mockResolvedValue(ok(ADMIN_UNLOCKED));
    const navigation = useNavigationStore();
    navigation.startAt('live-feed', VIEWS);
    expect(await navigation.show('admin')).toBe(true);
    expect(useAdminLockStore().state?.unlocked).toBe(true);
    const idle = useIdleResetStore();
    expect(idle.armed()).toBe(true);
    fake.current.api.getAdminLock.mockResolvedValue(ok(ADMIN_LOCKED));
    idle.reset(45);
    await vi.waitFor(() => expect(fake.current.api.lockAdmin).toHaveBeenCalled());
    expect(navigation.current).toBe('live-feed');
    expect(useAdminStore().overview).toBeNull();
    expect(idle.notice).toBe('After 45 s without activity the kiosk went back to its start screen and cleared the screens.');
  });
});

describe('the Administration view behind the PIN', () => {
  it('asks for the PIN; cancelling keeps the current screen; the right PIN opens it; leaving it locks again', async () => {
    const navigation = useNavigationStore();
    navigation.startAt('front-desk', VIEWS);
    const lock = useAdminLockStore();
    const cancelled = navigation.show('admin');
    await vi.waitFor(() => expect(lock.dialog).toEqual({ purpose: 'Open the Administration view' }));
    lock.cancel();
    expect(await cancelled).toBe(false);
    expect(navigation.current).toBe('front-desk');

    const opening = navigation.show('admin');
    await vi.waitFor(() => expect(lock.dialog).not.toBeNull());
    expect(await lock.submit('000000')).toBe(false);
    expect(lock.error?.message).toMatch(/Wrong PIN/);
    expect(navigation.current).toBe('front-desk');
    expect(await lock.submit(ADMIN_PIN)).toBe(true);
    expect(await opening).toBe(true);
    expect(navigation.current).toBe('admin');

    await navigation.show('history');
    expect(fake.current.api.lockAdmin).toHaveBeenCalledOnce();
  });

  it('without a PIN set the view opens (to say so) without a dialog', async () => {
    fake.current.api.getAdminLock.mockResolvedValue(ok({ ...ADMIN_LOCKED, configured: false, problem: 'No administrator PIN is set on this kiosk.' }));
    const navigation = useNavigationStore();
    navigation.startAt('front-desk', VIEWS);
    expect(await navigation.show('admin')).toBe(true);
    expect(useAdminLockStore().dialog).toBeNull();
  });
});

/** The sign-in screen: a name and a PIN go to main (the PIN is cleared at once), main's refusal is shown, unnamed where allowed. */
import { afterEach, describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { fail, fake, ok, OPERATOR_ON_SHIFT } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';


import SignInView from '../../../renderer/src/operators/SignInView.vue';
import { useOperatorStore } from '../../../renderer/src/operators/operator-store';
import { i18n } from '../../../renderer/src/i18n/i18n';
import { loadMessages } from '../../../renderer/src/i18n/locale-loader';
import { formatLocal } from '../../../renderer/src/shell/time-format';

const { mountView } = useComponentHarness(fake);
const SIGNED_OUT = { ...OPERATOR_ON_SHIFT, names: ['Ada Guard', 'Bo Officer'], current: null };

describe('SignInView', () => {
  it('sends the chosen name and the PIN typed on the keypad, clears the PIN, and shows main\'s refusal', async () => {
    fake.current.api.getOperatorState.mockResolvedValue(ok(SIGNED_OUT));
    fake.current.api.signInOperator.mockResolvedValueOnce(fail('forbidden', 'Wrong PIN. 4 tries left before this name is locked for a while.'));
    await useOperatorStore().load();
    const view = await mountView(SignInView);
    await view.findAll('[data-testid="sign-in-name"]')[1]!.setValue(true);
    for (const digit of '4829') await view.get(`button[aria-label="Digit ${digit}"]`).trigger('click');
    await view.get('[data-testid="sign-in-pin"]').setValue('482915');
    await view.get('form').trigger('submit');
    await flushPromises();
    expect(fake.current.api.signInOperator).toHaveBeenCalledWith({ name: 'Bo Officer', pin: '482915' });
    expect((view.get('[data-testid="sign-in-pin"]').element as HTMLInputElement).value).toBe('');
    expect(view.get('[data-testid="sign-in-error"]').text()).toContain('Wrong PIN. 4 tries left');
  });

  it('offers a shift without a name only where the site allows it, and says what to run with no list', async () => {
    fake.current.api.getOperatorState.mockResolvedValue(ok({ ...SIGNED_OUT, names: [], problem: 'No operators are provisioned on this kiosk.' }));
    await useOperatorStore().load();
    const view = await mountView(SignInView);
    expect(view.text()).toContain('No operators are provisioned');
    await view.get('[data-testid="sign-in-unnamed"]').trigger('click');
    await flushPromises();
    expect(fake.current.api.signInOperator).toHaveBeenCalledWith({ unnamed: true });
    view.unmount();
    fake.current.api.getOperatorState.mockResolvedValue(ok({ ...SIGNED_OUT, allowUnnamed: false }));
    await useOperatorStore().load();
    const strict = await mountView(SignInView);
    expect(strict.find('[data-testid="sign-in-unnamed"]').exists()).toBe(false);
  });

  describe('who is locked after wrong PINs, and until when (audit 32)', () => {
    afterEach(() => {
      i18n.global.locale.value = 'en';
    });
    const until = new Date(Date.now() + 90_000).toISOString();
    const slowed = new Date(Date.now() + 5_000).toISOString();
    const LOCKED = { ...SIGNED_OUT, locked: [{ name: 'Bo Officer', until }], slowedUntil: slowed, unlockCommand: 'admin unlock-operator' };

    it('after the refusal that locks a name, the screen lists the name and the time it is locked until, and how to lift it', async () => {
      fake.current.api.getOperatorState.mockResolvedValueOnce(ok(SIGNED_OUT)).mockResolvedValue(ok(LOCKED));
      fake.current.api.signInOperator.mockResolvedValueOnce(fail('forbidden', 'Wrong PIN. Too many wrong PINs for Bo Officer: the name is locked for 30 seconds.'));
      await useOperatorStore().load();
      const view = await mountView(SignInView);
      expect(view.find('[data-testid="sign-in-locks"]').exists()).toBe(false);
      await view.findAll('[data-testid="sign-in-name"]')[1]!.setValue(true);
      await view.get('[data-testid="sign-in-pin"]').setValue('000111');
      await view.get('form').trigger('submit');
      await flushPromises();
      const locks = view.get('[data-testid="sign-in-locks"]');
      expect(locks.get('h3').text()).toBe('Locked after wrong PINs');
      expect(locks.get('[data-testid="sign-in-locked"]').text()).toBe(`Bo Officer: locked until ${formatLocal(until)}`);
      expect(locks.get('[data-testid="sign-in-locked"] time').attributes('datetime')).toBe(until);
      expect(locks.get('[data-testid="sign-in-slowed"]').text()).toContain(formatLocal(slowed));
      expect(locks.text()).toContain('“admin unlock-operator NAME”');
      expect(view.get('[data-testid="sign-in-error"]').text()).toContain('Bo Officer');
    });

    it.each([
      ['de', 'Nach falschen PINs gesperrt', 'Bo Officer: gesperrt bis'],
      ['fr', 'Bloqués après des codes PIN erronés', 'Bo Officer : bloqué jusqu’à'],
      ['es', 'Bloqueados tras PIN incorrectos', 'Bo Officer: bloqueado hasta las'],
    ] as const)('says it in %s', async (locale, title, line) => {
      i18n.global.setLocaleMessage(locale, await loadMessages(locale));
      i18n.global.locale.value = locale;
      fake.current.api.getOperatorState.mockResolvedValue(ok(LOCKED));
      await useOperatorStore().load();
      const view = await mountView(SignInView);
      expect(view.get('[data-testid="sign-in-locks"] h3').text()).toBe(title);
      expect(view.get('[data-testid="sign-in-locked"]').text()).toBe(`${line} ${formatLocal(until)}`);
      expect(view.get('[data-testid="sign-in-locks"]').text()).toContain('admin unlock-operator');
    });
  });
});

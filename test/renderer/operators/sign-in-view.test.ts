/** The sign-in screen: a name and a PIN go to main (the PIN is cleared at once), main's refusal is shown, unnamed where allowed. */
import { describe, expect, it } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { fail, fake, ok, OPERATOR_ON_SHIFT } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';


import SignInView from '../../../renderer/src/operators/SignInView.vue';
import { useOperatorStore } from '../../../renderer/src/operators/operator-store';

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
});

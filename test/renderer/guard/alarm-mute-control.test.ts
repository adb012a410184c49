/** The alarm sound's mute control. */
import { describe, expect, it } from 'vitest';
import { fake } from '../support/fake-kiosk';
import { useComponentHarness } from '../support/component-harness';

import AlarmMuteControl from '../../../renderer/src/guard/AlarmMuteControl.vue';
import { useFeedStore } from '../../../renderer/src/guard/feed-store';

const { mountView } = useComponentHarness(fake);

describe('AlarmMuteControl', () => {
  it('mutes with the remaining time shown, and unmutes', async () => {
    await useFeedStore().start();
    const view = await mountView(AlarmMuteControl);
    await view.find('button').trigger('click');
    expect(view.find('[data-testid="mute-remaining"]').text()).toBe('5:00');
    await view.find('button').trigger('click');
    expect(view.text()).toContain('Mute alarm sound (5 min)');
  });
});

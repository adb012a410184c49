import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import { usePhotoPreferencesStore } from '../../../renderer/src/photo/photo-preferences-store';

describe('photo preferences', () => {
  beforeEach(() => {
    localStorage.clear();
    setActivePinia(createPinia());
  });

  it('start with the default camera and no countdown', () => {
    const prefs = usePhotoPreferencesStore();
    expect(prefs.cameraId).toBe('');
    expect(prefs.countdown).toBe(false);
  });

  it('remember the camera and the countdown on this kiosk', async () => {
    const prefs = usePhotoPreferencesStore();
    prefs.chooseCamera('cam-b');
    prefs.setCountdown(true);
    await nextTick();
    expect(localStorage.getItem('kiosk.photo.cameraId')).toBe('cam-b');
    expect(localStorage.getItem('kiosk.photo.countdown')).toBe('true');
    setActivePinia(createPinia());
    const again = usePhotoPreferencesStore();
    expect(again.cameraId).toBe('cam-b');
    expect(again.countdown).toBe(true);
  });
});

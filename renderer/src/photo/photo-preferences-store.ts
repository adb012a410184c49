/**
 * The officer's photo preferences, remembered on this kiosk (localStorage): the chosen camera and
 * whether to count down before taking the photo. No personal data lives here; the photo itself
 * never enters a store (it stays in the PhotoCapture component and is cleared with it).
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { useLocalStorage } from '@vueuse/core';

/** Seconds counted down before the photo is taken, when the countdown is on. */
export const COUNTDOWN_SECONDS = 3;

export const usePhotoPreferencesStore = defineStore('photoPreferences', () => {
  /** The deviceId of the camera last chosen; '' for the system's default camera. */
  const cameraId = useLocalStorage('kiosk.photo.cameraId', '');
  const countdown = useLocalStorage('kiosk.photo.countdown', false);

  function chooseCamera(id: string): void {
    cameraId.value = id;
  }
  function setCountdown(on: boolean): void {
    countdown.value = on;
  }
  return { cameraId, countdown, chooseCamera, setCountdown };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(usePhotoPreferencesStore, import.meta.hot));

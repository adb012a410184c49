/**
 * Theme store: the colour theme on screen — light by day, dark for the night shift. The
 * configuration (kiosk.theme) gives the default; the person at the kiosk can switch it, and that
 * choice is remembered on this workstation (localStorage) until switched back. Applies it to the
 * document (data-theme and color-scheme, which theme.css and the native controls follow).
 */
import { defineStore, acceptHMRUpdate } from 'pinia';
import { computed, watchEffect } from 'vue';
import { useLocalStorage } from '@vueuse/core';
import { useSettingsStore } from './settings-store';

export type Theme = 'light' | 'dark';
const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

export const useThemeStore = defineStore('theme', () => {
  const settings = useSettingsStore();
  /** The choice made at this kiosk; '' when none (then the configuration decides). */
  const chosen = useLocalStorage<string>('kiosk.theme', '');
  const theme = computed<Theme>(() => (isTheme(chosen.value) ? chosen.value : (settings.settings?.theme ?? 'light')));

  function setTheme(next: Theme): void {
    chosen.value = next;
  }
  function toggle(): void {
    setTheme(theme.value === 'dark' ? 'light' : 'dark');
  }

  if (typeof document !== 'undefined') {
    watchEffect(() => {
      document.documentElement.dataset.theme = theme.value;
      document.documentElement.style.colorScheme = theme.value;
    });
  }

  return { theme, setTheme, toggle };
});

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useThemeStore, import.meta.hot));

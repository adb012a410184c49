/**
 * Words every screen shares: counts ("3 events", "1 alarm") and the names of alarm priorities
 * (the feed, the history results and the acknowledge dialog all say them the same way).
 * No IPC; the texts come from the i18n messages (shell.priority).
 */
import type { AlarmPriority } from '../../../electron/contract/ipc';
import { t } from '../i18n/i18n';
import { formatNumber } from '../i18n/format';

/** In the language shown (getters: reactive where they are read). */
export const PRIORITY_LABEL: Readonly<Record<AlarmPriority, string>> = {
  get critical() {
    return t('shell.priority.critical');
  },
  get high() {
    return t('shell.priority.high');
  },
  get medium() {
    return t('shell.priority.medium');
  },
  get low() {
    return t('shell.priority.low');
  },
};

/**
 * English only: "3 events". Converted folders use a plural message instead
 * ("{count} event | {count} events", `t` given the count); this goes when the last caller does.
 */
export const plural = (n: number, one: string, many: string = `${one}s`): string => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * The screens of the kiosk shell, in tab order. Each capability adds its views here;
 * the shell renders them as tabs and keeps the status bar visible under all of them.
 */
import type { Component } from 'vue';
import FrontDeskView from '../cardholders/FrontDeskView.vue';
import LiveFeedView from '../guard/LiveFeedView.vue';
import HistorySearchView from '../history/HistorySearchView.vue';
import OperatorLogView from '../operator-log/OperatorLogView.vue';
import AdminView from '../admin/AdminView.vue';
import { t } from '../i18n/i18n';

export interface KioskView {
  id: string;
  /** In the language shown (a getter: reactive where it is read). */
  readonly label: string;
  component: Component;
}

export const views: KioskView[] = [
  { id: 'front-desk', get label() { return t('shell.views.frontDesk'); }, component: FrontDeskView },
  { id: 'live-feed', get label() { return t('shell.views.liveFeed'); }, component: LiveFeedView },
  { id: 'history', get label() { return t('shell.views.history'); }, component: HistorySearchView },
  { id: 'operator-log', get label() { return t('shell.views.operatorLog'); }, component: OperatorLogView },
  { id: 'admin', get label() { return t('shell.views.admin'); }, component: AdminView },
];

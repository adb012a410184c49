/**
 * The screens of the kiosk shell, in tab order. Each capability adds its views here;
 * the shell renders them as tabs and keeps the status bar visible under all of them.
 */
import type { Component } from 'vue';
import FrontDeskView from '../cardholders/FrontDeskView.vue';
import LiveFeedView from '../feed/LiveFeedView.vue';
import HistorySearchView from '../history/HistorySearchView.vue';
import OperatorLogView from '../operator-log/OperatorLogView.vue';
import AdminView from '../admin/AdminView.vue';

export interface KioskView {
  id: string;
  label: string;
  component: Component;
}

export const views: KioskView[] = [
  { id: 'front-desk', label: 'Front desk', component: FrontDeskView },
  { id: 'live-feed', label: 'Live feed', component: LiveFeedView },
  { id: 'history', label: 'History', component: HistorySearchView },
  { id: 'operator-log', label: 'Operator log', component: OperatorLogView },
  { id: 'admin', label: 'Administration', component: AdminView },
];

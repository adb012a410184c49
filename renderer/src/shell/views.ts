/**
 * The screens of the kiosk shell, in tab order. Each capability adds its views here;
 * the shell renders them as tabs and keeps the status bar visible under all of them.
 */
import type { Component } from 'vue';

export interface KioskView {
  id: string;
  label: string;
  component: Component;
}

export const views: KioskView[] = [];

/** One choice of a pick list (shell/PickList.vue). */
export interface PickOption {
  /** The value, unique in the list, e.g. "id:301" or "name:Gate 7". */
  key: string;
  label: string;
  /** What else tells it apart: its number, its kind. */
  detail?: string;
  /** Met by the kiosk, not named by the site catalogue. */
  seen?: boolean;
}

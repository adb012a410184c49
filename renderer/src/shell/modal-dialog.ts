/**
 * Opening and closing a native <dialog> as a modal, the one way every dialog of the kiosk does it
 * (showModal where the browser has it, the `open` attribute otherwise, as in the tests' DOM).
 */
export function openModal(el: HTMLDialogElement): void {
  if (el.open) return;
  if (typeof el.showModal === 'function') el.showModal();
  else el.setAttribute('open', '');
}

export function closeModal(el: HTMLDialogElement): void {
  if (!el.open) return;
  if (typeof el.close === 'function') el.close();
  else el.removeAttribute('open');
}

import { useSyncExternalStore } from 'react';

// The modal dialogs open now, the last opened on top. While one is open everything outside it is
// inert and drawn under it, so what must stay seen and usable (the toasts) is shown inside it.
// The document holds the record, not this module: each open dialog carries its place in the
// stack (data-open-order) and the document announces each change (CHANGE_EVENT).
const CHANGE_EVENT = 'open-dialogs-change';

const openDialogsOf = (document: Document) =>
  Array.from(document.querySelectorAll<HTMLDialogElement>('dialog[data-open-order]'));
const orderOf = (dialog: HTMLDialogElement) => Number(dialog.dataset.openOrder);

function topmostDialog(document: Document): HTMLDialogElement | null {
  return openDialogsOf(document).reduce<HTMLDialogElement | null>(
    (top, dialog) => (top && orderOf(top) > orderOf(dialog) ? top : dialog),
    null,
  );
}

/** Records `dialog` as open, above those already open, until the returned function is called. */
export function trackOpenDialog(dialog: HTMLDialogElement): () => void {
  const document = dialog.ownerDocument;
  dialog.dataset.openOrder = String(Math.max(0, ...openDialogsOf(document).map(orderOf)) + 1);
  document.dispatchEvent(new Event(CHANGE_EVENT));
  return () => {
    delete dialog.dataset.openOrder;
    document.dispatchEvent(new Event(CHANGE_EVENT));
  };
}

/** The modal dialog on top, or null when none is open. */
export function useTopmostDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(
    (listener) => {
      document.addEventListener(CHANGE_EVENT, listener);
      return () => document.removeEventListener(CHANGE_EVENT, listener);
    },
    () => topmostDialog(document),
    () => null,
  );
}

import { notify } from '#web/components/notify.ts';

/** Copies text to the clipboard and says so; where the browser refuses, asks the user to copy it themselves. */
export async function copyText(text: string, what: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(`${what} copied`);
    return true;
  } catch {
    notify.error(`Could not copy the ${what.toLowerCase()}. Select it and copy it yourself.`);
    return false;
  }
}

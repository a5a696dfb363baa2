// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { trackOpenDialog, useTopmostDialog } from './open-dialogs';

function Topmost() {
  return <p>{useTopmostDialog()?.id ?? 'none'}</p>;
}

const dialogs: HTMLDialogElement[] = [];
afterEach(() => {
  cleanup();
  for (const dialog of dialogs.splice(0)) dialog.remove();
});

describe('the open dialogs', () => {
  it('names the last opened on top, and the one under it once that closes', () => {
    const dialog = (id: string) => {
      const added = document.body.appendChild(Object.assign(document.createElement('dialog'), { id }));
      dialogs.push(added);
      return added;
    };
    const [first, second] = [dialog('first'), dialog('second')];
    render(<Topmost />);
    const topmost = () => screen.getByRole('paragraph').textContent;
    expect(topmost()).toBe('none');
    let closeSecond = () => {};
    let closeFirst = () => {};
    act(() => {
      closeSecond = trackOpenDialog(second);
    });
    act(() => {
      closeFirst = trackOpenDialog(first);
    });
    expect(topmost()).toBe('first');
    act(() => closeFirst());
    expect(topmost()).toBe('second');
    act(() => closeSecond());
    expect(topmost()).toBe('none');
  });
});

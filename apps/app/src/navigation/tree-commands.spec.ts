import { treeCommand } from './tree-commands';

const none = { altKey: false, shiftKey: false, ctrlKey: false, metaKey: false };

describe('treeCommand', () => {
  it('moves with Alt and the arrows, renames with F2, deletes with Delete, opens the actions with the context menu key or Shift+F10', () => {
    expect(treeCommand('ArrowUp', { ...none, altKey: true })).toEqual({ move: 'up' });
    expect(treeCommand('ArrowDown', { ...none, altKey: true })).toEqual({ move: 'down' });
    expect(treeCommand('ArrowRight', { ...none, altKey: true })).toEqual({ move: 'in' });
    expect(treeCommand('ArrowLeft', { ...none, altKey: true })).toEqual({ move: 'out' });
    expect(treeCommand('F2', none)).toEqual({ rename: true });
    expect(treeCommand('Delete', none)).toEqual({ delete: true });
    expect(treeCommand('ContextMenu', none)).toEqual({ menu: true });
    expect(treeCommand('F10', { ...none, shiftKey: true })).toEqual({ menu: true });
  });

  it('leaves every other key to the tree walk and the browser', () => {
    expect(treeCommand('ArrowUp', none)).toBeNull();
    expect(treeCommand('ArrowUp', { ...none, altKey: true, shiftKey: true })).toBeNull();
    expect(treeCommand('ArrowLeft', { ...none, ctrlKey: true, altKey: true })).toBeNull();
    expect(treeCommand('F10', none)).toBeNull();
    expect(treeCommand('Delete', { ...none, shiftKey: true })).toBeNull();
    expect(treeCommand('Backspace', none)).toBeNull();
  });
});

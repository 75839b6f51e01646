import type { Locator, Page } from 'playwright-core';
import { eventually, isFocused } from './app-in-browser';

/** A tree's row by its accessible name (its label, and its kind in parentheses). */
export const row = (tree: Locator, name: string) => tree.getByRole('treeitem', { name, exact: true });

/** The row itself, without the rows nested in it: what is dragged and dropped on. */
export const rowLine = (item: Locator) => item.locator(':scope > .tree-row');

/** Waits for a status message (an announcement) with `text`. */
export const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();

/** Makes something with a "New ..." button and its form, by keyboard. */
export async function create(page: Page, button: string, title: string, url?: string) {
  await page.getByRole('button', { name: button }).press('Enter');
  const field = page.getByRole('form', { name: button }).getByRole('textbox', { name: 'Title' });
  await eventually(`${button}: its title field has the focus`, () => field.evaluate(isFocused));
  await page.keyboard.type(title);
  if (url) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(url);
  }
  await page.keyboard.press('Enter');
}

/** Drags a row onto another with the mouse, at `y` pixels from its top, checking the drop indicator on the way. */
export async function drag(page: Page, from: Locator, to: Locator, y: 'top' | 'middle' | 'bottom') {
  const source = (await rowLine(from).boundingBox())!;
  const target = (await rowLine(to).boundingBox())!;
  const at = target.y + (y === 'top' ? 2 : y === 'middle' ? target.height / 2 : target.height - 2);
  await page.mouse.move(source.x + 40, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + 40, at - 5, { steps: 4 });
  await page.mouse.move(target.x + 40, at, { steps: 4 });
  await rowLine(to).and(page.locator(`.drop-${y === 'top' ? 'before' : y === 'middle' ? 'inside' : 'after'}`)).waitFor();
  await page.mouse.up();
}

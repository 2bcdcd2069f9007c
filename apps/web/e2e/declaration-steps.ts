import { expect, type Page } from '@playwright/test';

/**
 * Issue 29: every way of adding evidence first shows the authenticity declaration; this ticks it and
 * presses its confirm button, which opens the picker or the recorder the student asked for.
 */
export async function confirmDeclaration(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Your declaration' });
  await expect(dialog.getByTestId('declaration-text')).toContainText('my own work');
  await dialog.getByRole('checkbox', { name: 'I declare that this is true' }).check();
  await dialog.getByTestId('declaration-confirm').click();
}

/**
 * The assessor's declaration, asked before the grading screen's first decision (issue 29): ticked
 * and confirmed, which sends the decision waiting for it. Later decisions on the screen carry it.
 */
export async function confirmAssessorDeclaration(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Your declaration' });
  await expect(dialog.getByTestId('assessor-declaration-text')).toContainText('rules of evidence');
  await dialog
    .getByRole('checkbox', { name: 'I make this declaration for the decisions I record here' })
    .check();
  await dialog.getByTestId('assessor-declaration-confirm').click();
}

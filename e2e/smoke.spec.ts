import { expect, test } from './fixtures';

test('the built app loads and is called Baton', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Baton');
});

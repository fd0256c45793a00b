import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps the two apps apart (eslint.config.js, `no-restricted-imports`): each
 * case lints a real file of the repository with one import added, through the same config
 * `npm run lint` uses, and expects that import refused; `npx eslint` on such a file fails the same way.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// The repository's config with only this rule run, so the files are parsed without type information (fast).
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

async function restrictedImports(file: string, importLine: string): Promise<string[]> {
  const source = readFileSync(path.join(root, file), 'utf8');
  const [result] = await eslint.lintText(`${importLine}\n${source}`, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('the apps never import each other', () => {
  it.each([
    ['apps/admin/src/app/app.tsx', "import { cx } from '@/lib/cx';"],
    [
      'apps/admin/src/features/transfers/transfers-screen.tsx',
      "import { LoginScreen } from '../../../../web/src/features/auth/login-screen';",
    ],
    ['apps/admin/src/main.tsx', "import { webMessages } from '@jetton/web/src/i18n/messages';"],
  ])('refuses the member site in the back office (%s)', async (file, importLine) => {
    expect(await restrictedImports(file, importLine)).toContainEqual(expect.stringContaining('must not import the member site'));
  });

  it.each([
    ['apps/web/src/app/app.tsx', "import { Notice } from '@admin/components/notice';"],
    ['apps/web/src/features/auth/login-screen.tsx', "import { Notice } from '../../../../admin/src/components/notice';"],
  ])('refuses the back office in the member site (%s)', async (file, importLine) => {
    expect(await restrictedImports(file, importLine)).toContainEqual(expect.stringContaining('must not import the back office'));
  });

  it('refuses either app in the shared package', async () => {
    const messages = await restrictedImports('packages/ui/src/lib/cx.ts', "import { App } from '../../../../apps/web/src/app/app';");
    expect(messages).toContainEqual(expect.stringContaining('imports neither'));
  });

  it('lets both apps import the shared package', async () => {
    expect(await restrictedImports('apps/admin/src/app/app.tsx', "import { cx } from '@jetton/ui/lib/cx';")).toEqual([]);
    expect(await restrictedImports('apps/web/src/app/app.tsx', "import { cx } from '@jetton/ui/lib/cx';")).toEqual([]);
  });
});

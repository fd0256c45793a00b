import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const eslint = new ESLint({ cwd: root });

/** The messages of the wing rule for `code` linted as if it were the file at `file` (relative to the repository). */
async function wingErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the sandbox wing lint rule (docs/sandbox.md, "The wing")', () => {
  it('refuses a production module that imports the wing, a simulator or the demo provider', async () => {
    const code = [
      "import { sandboxPage } from '../../sandbox/sandbox-page.ts';",
      "import { registerBankSimulator } from '../../adapters/bank/simulator/bank-simulator.ts';",
      "import { registerDemoProvider } from '../../adapters/games/demo-provider/demo-provider-plugin.ts';",
      'export const used = [sandboxPage, registerBankSimulator, registerDemoProvider];',
      '',
    ].join('\n');
    const errors = await wingErrors('apps/server/src/modules/wallet/wallet-routes.ts', code);
    expect(errors).toHaveLength(3);
    for (const message of errors) expect(message).toContain('must not import the sandbox wing');
  });

  it('lets the wing itself and the composition root import it', async () => {
    const code = "import { sandboxPage } from './sandbox-page.ts';\nexport const used = sandboxPage;\n";
    expect(await wingErrors('apps/server/src/sandbox/sandbox-index.ts', code)).toEqual([]);
    const root = "import { registerSandboxIndex } from './sandbox/sandbox-index.ts';\nexport const used = registerSandboxIndex;\n";
    expect(await wingErrors('apps/server/src/app.ts', root)).toEqual([]);
  });
});

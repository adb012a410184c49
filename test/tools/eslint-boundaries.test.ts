// The lint rules that keep the boundaries, run through ESLint's own Node API on code written for
// the test: every renderer file (component, composable or store) is kept from the network,
// Electron and Node and from everything of electron/ but the contract (types, and its shared pure
// modules as values); components and composables (use-*.ts) also from renderer/src/api/; only
// renderer/src/api/ touches window.kiosk; the core imports no renderer module and names no path
// into the renderer's folders. (A later config block for the same files replaces an earlier
// one's rule, which once let a .vue file import axios.)
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  // The probe files do not exist, so no tsconfig holds them: they are linted without type
  // information (the boundary rules need none; the type-aware rule is left out for them).
  eslint = new ESLint({
    cwd: root,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } }, rules: { '@typescript-eslint/no-floating-promises': 'off' } },
  });
});

/** The messages of `rule` when `code` is linted as if it were `file` (relative to the repository). */
async function messages(file: string, code: string, rule: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const fatal = result?.messages.filter((m) => m.fatal) ?? [];
  expect(fatal).toEqual([]);
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

const component = (script: string): string => `<script setup lang="ts">\n${script}\n</script>\n\n<template>\n  <p>probe</p>\n</template>\n`;
const COMPONENT = 'renderer/src/guard/LintProbe.vue';
const STORE = 'renderer/src/guard/lint-probe-store.ts';

describe('the renderer never talks to the network, Electron or Node itself', () => {
  for (const source of ['axios', 'electron', 'node:fs']) {
    it(`a .vue component importing ${source} is an error`, async () => {
      const found = await messages(COMPONENT, component(`import probe from '${source}';\nconsole.log(probe);`), 'no-restricted-imports');
      expect(found).toEqual([expect.stringContaining('never talks to the network')]);
    });

    it(`a .ts store importing ${source} is an error`, async () => {
      const found = await messages(STORE, `import probe from '${source}';\nconsole.log(probe);\n`, 'no-restricted-imports');
      expect(found).toEqual([expect.stringContaining('never talks to the network')]);
    });
  }
});

describe('components render; stores call renderer/src/api/', () => {
  it('a component importing the api module (which touches window.kiosk) is an error', async () => {
    const found = await messages(COMPONENT, component(`import { kiosk } from '../api/kiosk';\nconsole.log(kiosk);`), 'no-restricted-imports');
    expect(found).toEqual([expect.stringContaining('Components render; stores call renderer/src/api/')]);
  });

  it('a store importing the api module is allowed', async () => {
    expect(await messages(STORE, `import { kiosk } from '../api/kiosk';\nconsole.log(kiosk);\n`, 'no-restricted-imports')).toEqual([]);
  });

  it('a component or store touching window.kiosk itself is an error; renderer/src/api/ may', async () => {
    const touch = 'console.log(window.kiosk);';
    expect(await messages(COMPONENT, component(touch), 'no-restricted-properties')).toEqual([expect.stringContaining('Only renderer/src/api/')]);
    expect(await messages(STORE, `${touch}\n`, 'no-restricted-properties')).toEqual([expect.stringContaining('Only renderer/src/api/')]);
    expect(await messages('renderer/src/api/lint-probe.ts', `${touch}\n`, 'no-restricted-properties')).toEqual([]);
  });

  it('a component imports the contract as types only', async () => {
    const contract = '../../../electron/contract/ipc';
    expect(await messages(COMPONENT, component(`import type { ErrorCode } from '${contract}';\nconst probe: ErrorCode | null = null;\nconsole.log(probe);`), 'no-restricted-imports')).toEqual([]);
    expect(await messages(COMPONENT, component(`import { ERROR_CODES } from '${contract}';\nconsole.log(ERROR_CODES);`), 'no-restricted-imports')).toEqual([
      expect.stringContaining('`import type` only'),
    ]);
  });
});

describe('the renderer imports nothing of electron/ but the contract', () => {
  const core = '../../../electron/core/feed/feed-engine';
  it('a store or a component importing electron/core is an error, as a value or as a type', async () => {
    for (const code of [`import { EventFeed } from '${core}';\nconsole.log(EventFeed);`, `import type { FeedConfig } from '${core}';\nconst probe: FeedConfig | null = null;\nconsole.log(probe);`]) {
      expect(await messages(STORE, `${code}\n`, 'no-restricted-imports')).toEqual([expect.stringContaining('imports nothing of electron/ but the contract')]);
      expect(await messages(COMPONENT, component(code), 'no-restricted-imports')).toEqual([expect.stringContaining('imports nothing of electron/ but the contract')]);
    }
  });

  it('nor the simulator, main or the preview', async () => {
    for (const module of ['electron/simulator/records', 'electron/main/shell-setup', 'electron/preview/preview']) {
      expect(await messages(STORE, `import * as probe from '../../../${module}';\nconsole.log(probe);\n`, 'no-restricted-imports'), module).toEqual([expect.stringContaining('imports nothing of electron/ but the contract')]);
    }
  });

  it('the contract\'s shared pure modules may be imported as values; its index may not', async () => {
    for (const module of ['event-fingerprint', 'cardholder-fields', 'error-text']) {
      expect(await messages(STORE, `import * as probe from '../../../electron/contract/${module}';\nconsole.log(probe);\n`, 'no-restricted-imports'), module).toEqual([]);
    }
    expect(await messages(STORE, `import { CardholderFields } from '../../../electron/contract/ipc';\nconsole.log(CardholderFields);\n`, 'no-restricted-imports')).toEqual([expect.stringContaining('`import type` only')]);
  });

  it('those shared modules import types only (no validation library reaches the page through them)', async () => {
    const file = 'electron/contract/cardholder-fields.ts';
    expect(await messages(file, `import { z } from 'zod';\nexport const probe = z.string();\n`, 'no-restricted-imports')).toEqual([expect.stringContaining('imports types only')]);
    expect(await messages(file, `import type { KioskError } from './errors';\nexport const probe: KioskError | null = null;\n`, 'no-restricted-imports')).toEqual([]);
    expect(await messages('electron/contract/cardholders.ts', `import { z } from 'zod';\nexport const probe = z.string();\n`, 'no-restricted-imports')).toEqual([]);
  });
});

describe('composables are components\' parts: they never call renderer/src/api/ either', () => {
  it('a use-*.ts importing the api module is an error; a store beside it may', async () => {
    const api = `import { kiosk } from '../api/kiosk';\nconsole.log(kiosk);\n`;
    expect(await messages('renderer/src/guard/use-lint-probe.ts', api, 'no-restricted-imports')).toEqual([expect.stringContaining('Components render; stores call renderer/src/api/')]);
    expect(await messages('renderer/src/photo/use-lint-probe.ts', api, 'no-restricted-imports')).toEqual([expect.stringContaining('Components render; stores call renderer/src/api/')]);
    expect(await messages(STORE, api, 'no-restricted-imports')).toEqual([]);
  });

  it('so is any renderer module that is not a store, whatever its name (composables like unacknowledged.ts, idle-reset.ts)', async () => {
    const api = `import { kiosk } from '../api/kiosk';\nconsole.log(kiosk);\n`;
    for (const file of ['renderer/src/guard/lint-probe.ts', 'renderer/src/cardholders/lint-probe-reset.ts', 'renderer/src/shell/lint/probe.ts']) {
      expect(await messages(file, api, 'no-restricted-imports'), file).toEqual([expect.stringContaining('Components render; stores call renderer/src/api/')]);
    }
    expect(await messages('renderer/src/api/lint-probe.ts', `import { kiosk } from './kiosk';\nimport { mirror } from '../api/main-mirror';\nconsole.log(kiosk, mirror);\n`, 'no-restricted-imports')).toEqual([]);
  });

  it('a composable keeps the renderer\'s other boundaries too', async () => {
    expect(await messages('renderer/src/guard/use-lint-probe.ts', `import probe from 'node:fs';\nconsole.log(probe);\n`, 'no-restricted-imports')).toEqual([expect.stringContaining('never talks to the network')]);
  });
});

describe('the core reads no file of the renderer\'s folders', () => {
  const CORE = 'electron/core/badges/lint-probe.ts';
  it.each([
    ['a path string', `import { join } from 'node:path';\nexport const probe = join(__dirname, '../../renderer/public/badge-fonts');\n`],
    ['path segments', `import { join } from 'node:path';\nexport const probe = join(__dirname, '..', '..', '..', 'renderer', 'public', 'badge-fonts');\n`],
    ['a template string', 'export const probe = `${__dirname}/../../renderer/public/badge-fonts`;\n'],
  ])('%s into renderer/ is an error', async (_what, code) => {
    expect(await messages(CORE, code, 'no-restricted-syntax')).toEqual([expect.stringContaining('reads no file of the renderer')]);
  });

  it('an import of the renderer is an error; words about the renderer in a message are not', async () => {
    expect(await messages(CORE, `import { t } from '../../../renderer/src/i18n/i18n';\nconsole.log(t);\n`, 'no-restricted-imports')).toEqual([expect.stringContaining('never imports the renderer')]);
    expect(await messages(CORE, `export const probe = 'the renderer words it in the language shown';\n`, 'no-restricted-syntax')).toEqual([]);
    expect(await messages(CORE, `export const probe = (dir: string): string => dir + '/badge-fonts';\n`, 'no-restricted-syntax')).toEqual([]);
  });
});

describe('one set of words for main and the renderer (i18n/)', () => {
  it('the renderer imports the one list of languages as a value, and never every language at once', async () => {
    expect(await messages(STORE, `import { KIOSK_LOCALES } from '../../../electron/contract/languages';\nconsole.log(KIOSK_LOCALES);\n`, 'no-restricted-imports')).toEqual([]);
    expect(await messages(STORE, `import { allMessagesOf } from '../../../i18n/all-messages';\nconsole.log(allMessagesOf);\n`, 'no-restricted-imports')).toEqual([
      expect.stringContaining('loads a language when it is shown'),
    ]);
  });

  it("the message modules import each other and the contract's tables, nothing of main, the renderer or a package", async () => {
    const probe = 'i18n/messages/en/lint-probe.ts';
    expect(await messages(probe, `import { SCREEN_TEXT } from '../../../electron/contract/screen-text';\nimport shell from './shell';\nconsole.log(SCREEN_TEXT, shell);\n`, 'no-restricted-imports')).toEqual([]);
    for (const source of ['../../../electron/core/language/words', '../../../renderer/src/i18n/i18n', 'vue-i18n']) {
      expect(await messages(probe, `import probe from '${source}';\nconsole.log(probe);\n`, 'no-restricted-imports'), source).toEqual([expect.stringContaining('The words import nothing but')]);
    }
  });
});

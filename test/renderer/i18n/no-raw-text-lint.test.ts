// The lint rule that keeps raw text out of the converted folders: a raw string added to a
// component of shell/ or status/ (text, aria-label, placeholder, title) is an error; the same
// component in a folder not converted is not checked (a folder no one converts, so converting
// one does not change this test).
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');
const COMPONENT = `<script setup lang="ts">
import { useI18n } from 'vue-i18n';
const { t } = useI18n();
</script>

<template>
  <div>
    <p>{{ t('status.checkNow') }} →</p>
    <p>Service unreachable</p>
    <button type="button" aria-label="Close the panel">×</button>
    <input placeholder="A name" />
    <span title="Last poll">{{ t('status.service') }}</span>
  </div>
</template>
`;

describe('no raw text (eslint-plugin-vue-i18n)', () => {
  it('fails on raw strings in a converted folder, attributes included', { timeout: 60_000 }, async () => {
    // The probe file does not exist, so no tsconfig holds it: linted without type information
    // (the type-aware rule is left out for it, as in test/tools/eslint-boundaries.test.ts).
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfig: { languageOptions: { parserOptions: { projectService: false } }, rules: { '@typescript-eslint/no-floating-promises': 'off' } },
    });
    const [converted] = await eslint.lintText(COMPONENT, { filePath: join(ROOT, 'renderer/src/status/Probe.vue') });
    const raw = converted!.messages.filter((m) => m.ruleId === '@intlify/vue-i18n/no-raw-text').map((m) => m.message);
    expect(raw).toEqual([
      "raw text 'Service unreachable' is used",
      "raw text 'Close the panel' is used",
      "raw text 'A name' is used",
      "raw text 'Last poll' is used",
    ]);
    expect(converted!.errorCount).toBeGreaterThanOrEqual(4);
    const [notYet] = await eslint.lintText(COMPONENT, { filePath: join(ROOT, 'renderer/src/not-converted/Probe.vue') });
    expect(notYet!.messages.filter((m) => m.ruleId?.startsWith('@intlify/'))).toEqual([]);
  });
});

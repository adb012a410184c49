// Lint rules that keep the architecture honest: only the IPC wrappers touch ipcMain/ipcRenderer,
// only renderer/src/api touches window.kiosk (only stores call it: components and composables
// never), the renderer imports nothing of electron/ but the contract, and that as types only (its
// shared pure modules and the language list excepted), the kiosk's words (i18n/) import nothing
// but each other and the contract, the core never imports Electron nor the simulator (the
// composition roots hand it a demo service) and never names the renderer's folders (files both
// sides read live in resources/). test/tools/eslint-boundaries.test.ts shows each rule failing.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import vueParser from 'vue-eslint-parser';
import vueI18n from '@intlify/eslint-plugin-vue-i18n';

// Languages (issue 23, renderer/src/i18n/README.md): the renderer folders whose every text is in
// the message files. Add a folder here once it is converted; its raw texts are then lint errors.
export const I18N_CONVERTED_FOLDERS = ['shell', 'status', 'admin', 'operators', 'operator-log', 'history', 'badges', 'cardholders', 'outbox', 'enrolment', 'guard', 'photo'];

const NO_ELECTRON = { name: 'electron', message: 'The core runs under Node: Electron belongs in electron/main and electron/preload only.' };
const CORE_NO_RENDERER_PATH = "The core reads no file of the renderer's folders: files both sides read are in resources/, and the composition roots pass their folder in.";
// The whole renderer: the contract as types only; no network, no Electron, no Node. A later block
// for the same files replaces an earlier rule instead of adding to it, so the components block
// spreads these in with its own.
// The contract's modules the renderer may import as values: pure, importing types only (a rule
// below keeps them so, so no validation library reaches the page). The text tables (error-text,
// screen-text, badge-problem-text) are the English of the renderer's messages for what main sends
// (one table, not two); event-fingerprint is what identifies an event on both sides;
// cardholder-fields is the cardholder's fields and the enrolment form's rules (main's zod schema
// is built from it, the renderer's checks too); languages is the one list of the kiosk's languages.
export const RENDERER_VALUE_MODULES = '[\\w-]+-text|event-fingerprint|cardholder-fields|languages';
const RENDERER_IMPORT_PATTERNS = [
  {
    regex: `electron/contract/(?!(${RENDERER_VALUE_MODULES})$)`,
    allowTypeImports: true,
    message: 'The renderer imports the contract with `import type` only (its shared pure modules excepted: *-text, event-fingerprint, cardholder-fields, languages).',
  },
  {
    regex: '(^|/)electron/(?!contract/)',
    message: 'The renderer imports nothing of electron/ but the contract: what both sides need goes to the contract (types, or a shared pure module).',
  },
  // Every language's messages at once is main's table (i18n/all-messages.ts); the renderer loads each language when shown.
  { regex: 'i18n/all-messages$', message: 'The renderer loads a language when it is shown (renderer/src/i18n/locale-loader.ts), never all at once.' },
  { regex: '^(axios|electron)$|^node:', message: 'The renderer never talks to the network, Electron or Node itself.' },
];

export default tseslint.config(
  { ignores: ['.scratch/**', 'out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parser: vueParser, parserOptions: { parser: tseslint.parser, sourceType: 'module' } },
  },
  {
    rules: {
      'no-undef': 'off', // TypeScript checks this better
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
    },
  },
  {
    files: ['electron/core/**/*.ts', 'electron/simulator/**/*.ts', 'electron/preview/**/*.ts', 'electron/contract/**/*.ts', 'electron/tools/**/*.ts', 'electron/serving/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [NO_ELECTRON] }],
    },
  },
  {
    files: ['electron/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [NO_ELECTRON],
          patterns: [
            {
              regex: '(^|/)simulator(/|$)',
              message: 'The core never imports the simulator: electron/main and electron/preview pass startKioskCore a startDemoService.',
            },
            { regex: '(^|/)renderer(/|$)', message: 'The core never imports the renderer.' },
          ],
        },
      ],
      // A path into the renderer's folders (its public/ files, its sources) in a string: the
      // core reads no file of the renderer's. Files both sides read (the badge fonts) are in
      // resources/, and the composition roots hand their folder in.
      'no-restricted-syntax': [
        'error',
        { selector: String.raw`Literal[value=/(^|[\/])renderer([\/]|$)/]`, message: CORE_NO_RENDERER_PATH },
        { selector: String.raw`TemplateElement[value.raw=/(^|[\/])renderer([\/]|$)/]`, message: CORE_NO_RENDERER_PATH },
      ],
    },
  },
  {
    files: ['electron/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\./).*', message: 'The contract imports nothing but the validation library.' }] }],
    },
  },
  {
    // The contract's modules the renderer imports as values import types only: nothing of the
    // validation library or of the other contract modules reaches the page through them.
    files: ['electron/contract/*-text.ts', 'electron/contract/event-fingerprint.ts', 'electron/contract/cardholder-fields.ts', 'electron/contract/languages.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '.*', allowTypeImports: true, message: 'A contract module the renderer imports as a value imports types only.' }] }],
    },
  },
  {
    // The kiosk's words (i18n/): pure data read by main and the renderer alike, so they import
    // nothing but each other and the contract's text tables and language list.
    files: ['i18n/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!\\.\\.?/)|^(\\.\\./)+(electron/(?!contract/)|renderer/|test/)', message: "The words import nothing but each other and the contract's text tables and languages." }] }],
    },
  },
  {
    files: ['electron/main/**/*.ts'],
    ignores: ['electron/main/ipc-wiring.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "Identifier[name='ipcMain']", message: 'Register IPC only through ipc-wiring.ts (the gateway).' }],
    },
  },
  {
    files: ['renderer/src/**/*.ts', 'renderer/src/**/*.vue'],
    ignores: ['renderer/src/api/**', 'renderer/src/env.d.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'window', property: 'kiosk', message: 'Only renderer/src/api/ touches window.kiosk.' }],
      'no-restricted-imports': ['error', { patterns: RENDERER_IMPORT_PATTERNS }],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'The renderer never talks to the network; go through renderer/src/api/.' }, { name: 'XMLHttpRequest', message: 'The renderer never talks to the network.' }],
    },
  },
  {
    // Components and their composables render; only stores (*-store.ts) call renderer/src/api/.
    // Every other renderer file is held to it, whatever it is named (a composable need not be
    // use-*.ts: unacknowledged.ts, idle-reset.ts, one-line-fit.ts are composables too).
    files: ['renderer/src/**/*.vue', 'renderer/src/**/*.ts'],
    ignores: ['renderer/src/**/*-store.ts', 'renderer/src/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '/api/', message: 'Components render; stores call renderer/src/api/.' }, ...RENDERER_IMPORT_PATTERNS],
        },
      ],
    },
  },
  {
    // No raw text in the converted folders: template text and the attributes people read
    // (the plugin leaves attributes out by default). Missing and unused keys are checked by
    // test/renderer/i18n/message-keys.test.ts (the plugin reads no TypeScript message files).
    files: I18N_CONVERTED_FOLDERS.map((folder) => `renderer/src/${folder}/**/*.vue`),
    plugins: { '@intlify/vue-i18n': vueI18n },
    settings: { 'vue-i18n': { messageSyntaxVersion: '^11.0.0' } },
    rules: {
      '@intlify/vue-i18n/no-raw-text': [
        'error',
        {
          attributes: { '/.+/': ['placeholder', 'aria-label', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext', 'title', 'alt', 'label'] },
          // Symbols and marks that are not words: arrows, the moon, check boxes, dashes, digits.
          ignorePattern: '^[\\s\\d\\p{P}\\p{S}]+$',
        },
      ],
      '@intlify/vue-i18n/no-dynamic-keys': 'error',
      '@intlify/vue-i18n/no-deprecated-tc': 'error',
    },
  },
  {
    // Type-aware: a promise nobody awaits loses its failure. The three tsconfigs between them hold
    // every file here (.vue through vue-eslint-parser's TypeScript parser).
    files: ['electron/**/*.ts', 'i18n/**/*.ts', 'renderer/src/**/*.ts', 'renderer/src/**/*.vue', 'test/**/*.ts'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.vue'],
      },
    },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
);

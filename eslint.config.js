import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const layerRule = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'build/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Imports point one way: shared ← core ← adapters ← node | main.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': layerRule(
        ['electron', 'hono', 'hono/*', '@hono/*', 'react', 'react-dom', '**/adapters/**', '**/node/**', '**/main/**', '**/renderer/**'],
        'The engine core never imports Electron, HTTP, React or adapters.',
      ),
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'The engine takes its configuration as one object.' }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': layerRule(['node:*', 'electron', 'hono', '**/core/**', '**/adapters/**'], 'shared/ is pure TypeScript.'),
    },
  },
  {
    // The client library runs in the browser window too; only node.ts may use Node.
    files: ['src/client/**/*.ts'],
    ignores: ['src/client/node.ts'],
    rules: {
      'no-restricted-imports': layerRule(['node:*', 'electron', 'hono', 'hono/*', '**/core/**', '**/adapters/**', '**/node/**', '**/main/**'], 'The client library is fetch-only and browser-safe.'),
      'no-restricted-globals': ['error', 'process', 'Buffer'],
    },
  },
  {
    // The tool server wraps the HTTP API through the client library, like every other door.
    files: ['src/mcp/**/*.ts'],
    rules: {
      'no-restricted-imports': layerRule(['electron', 'react', '**/core/**', '**/adapters/**', '**/node/**', '**/main/**', '**/renderer/**'], 'The tool server talks to the API through src/client.'),
    },
  },
  {
    files: ['src/adapters/**/*.ts'],
    rules: {
      'no-restricted-imports': layerRule(['electron', 'react', '**/node/**', '**/main/**', '**/renderer/**'], 'Adapters depend on core, never on entry points.'),
    },
  },
  {
    // Only the Electron entry imports Electron, so the rest of the desktop root is testable without it.
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/index.ts'],
    rules: {
      'no-restricted-imports': layerRule(['electron'], 'Only src/main/index.ts imports Electron; pass its folders and settings in.'),
    },
  },
  {
    // The window talks to the engine only through the HTTP API: it may import shared types and the client.
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': layerRule(
        ['electron', 'node:*', 'hono', '**/core/**', '**/adapters/**', '**/node/**', '**/main/**'],
        'The renderer uses only shared/ and client/; everything else goes through the HTTP API.',
      ),
    },
  },
);

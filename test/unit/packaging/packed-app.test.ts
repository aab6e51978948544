import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_SCRIPTS } from '../../../src/node/root-adapters';
import { asarFiles } from './electron-builder-lib';

/**
 * The desktop app packed by electron-builder itself (`--linux dir`, the unpacked app), so the
 * archive's contents are chosen by the same code and globs that make the installers. Electron's
 * own binary cannot be downloaded here, so a stand-in folder takes its place (`electronDist`):
 * nothing is run, only packed. Native modules are not rebuilt for Electron (`npmRebuild: false`),
 * which downloads Electron's headers; the installers' builds do that.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const work = mkdtempSync(join(tmpdir(), 'kb-pack-'));
const resources = join(work, 'out', 'linux-unpacked', 'resources');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const platformArch = `${process.platform}-${process.arch}`;
let files = new Map<string, { unpacked: boolean }>();

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', timeout: 540_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

function listed(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)));
}

describe.skipIf(process.platform !== 'linux')('the packed desktop app (electron-builder --linux dir)', () => {
  beforeAll(() => {
    if (!existsSync(join(root, 'out', 'main', 'index.js'))) run('npx', ['electron-vite', 'build']);
    const electronDist = join(work, 'electron');
    mkdirSync(electronDist);
    writeFileSync(join(electronDist, 'electron'), '#!/bin/sh\n');
    chmodSync(join(electronDist, 'electron'), 0o755);
    const builder = join(root, 'node_modules', '.bin', 'electron-builder');
    run(builder, ['--linux', 'dir', `-c.electronDist=${electronDist}`, '-c.npmRebuild=false', `-c.directories.output=${join(work, 'out')}`]);
    files = asarFiles(join(resources, 'app.asar'));
  }, 600_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('holds the built app, package.json and node_modules, and no sources, tests or docs', () => {
    expect(new Set([...files.keys()].map((file) => file.split('/')[0]))).toEqual(new Set(['out', 'node_modules', 'package.json']));
    const built = listed(join(root, 'out')).filter((file) => !file.endsWith('.map'));
    expect(built.filter((file) => !files.has(file))).toEqual([]);
    expect(files.has(packageJson.main.replace(/^\.\//, ''))).toBe(true);
    for (const entry of ['out/preload/index.cjs', 'out/renderer/index.html', 'out/main/server.js']) expect(files.has(entry)).toBe(true);
  });

  it('keeps the worker scripts inside the archive, where Electron worker threads read them', () => {
    for (const worker of Object.values(WORKER_SCRIPTS)) {
      expect(files.get(`out/main/${worker}`)).toEqual({ unpacked: false });
    }
  });

  it('carries every production dependency and no development one', () => {
    for (const name of Object.keys(packageJson.dependencies)) expect(files.has(`node_modules/${name}/package.json`), name).toBe(true);
    for (const name of ['electron', 'electron-builder', 'electron-vite', 'vitest', 'typescript', 'eslint', 'react', 'sigma']) {
      expect(files.has(`node_modules/${name}/package.json`), name).toBe(false);
    }
  });

  it('leaves every native module as a real file outside the archive', () => {
    const natives = [...files].filter(([file]) => /\.(node|so(\.\d+)*|dylib|dll)$/.test(file));
    expect(natives.filter(([, { unpacked }]) => !unpacked).map(([file]) => file)).toEqual([]);
    const expected = [
      'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      `node_modules/sqlite-vec-${platformArch}/vec0.so`,
      `node_modules/onnxruntime-node/bin/napi-v6/${process.platform}/${process.arch}/onnxruntime_binding.node`,
      `node_modules/onnxruntime-node/bin/napi-v6/${process.platform}/${process.arch}/libonnxruntime.so.1`,
    ];
    for (const file of expected) {
      expect(files.get(file), file).toEqual({ unpacked: true });
      expect(existsSync(join(resources, 'app.asar.unpacked', file)), file).toBe(true);
    }
    expect(natives.some(([file]) => file.startsWith('node_modules/@napi-rs/canvas-') && file.endsWith('.node'))).toBe(true);
  });

  it("ships only this system's onnxruntime binaries and none of the browser builds", () => {
    const onnx = [...files.keys()].filter((file) => file.startsWith('node_modules/onnxruntime-node/bin/'));
    expect(onnx.length).toBeGreaterThan(0);
    expect(onnx.every((file) => file.includes(`/${process.platform}/${process.arch}/`))).toBe(true);
    expect([...files.keys()].some((file) => file.startsWith('node_modules/onnxruntime-web/dist/'))).toBe(false);
  });

  it('puts the lexicon and the OCR language data beside the archive, as real files', () => {
    expect(existsSync(join(resources, 'lexicon.json.gz'))).toBe(true);
    expect(existsSync(join(resources, 'ocr', 'eng.traineddata.gz'))).toBe(true);
    expect(existsSync(join(resources, 'README.md'))).toBe(false);
  });
});

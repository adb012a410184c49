import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listRendererFiles, rendererPathOf } from '../../electron/serving/renderer-files';

describe('rendererPathOf (which request paths can name a file of the built renderer)', () => {
  it('names index.html for "/" and keeps ordinary names, decoding what is safely encoded', () => {
    expect(rendererPathOf('/')).toEqual({ ok: true, name: 'index.html' });
    expect(rendererPathOf('/assets/index-3f2a.js')).toEqual({ ok: true, name: 'assets/index-3f2a.js' });
    expect(rendererPathOf('/assets/a%20b.css')).toEqual({ ok: true, name: 'assets/a b.css' });
  });

  it.each([
    ['/%', 'malformed'],
    ['/%E0%A4%A', 'malformed'],
    ['/assets/%ZZ.js', 'malformed'],
    ['/..%2frenderer%2findex.html', 'encoded separator'],
    ['/assets%2F..%2F..%2Fsecret', 'encoded separator'],
    ['/assets%5cindex.js', 'encoded separator'],
    ['/index.html%00.js', 'encoded separator or NUL'],
    ['/assets\\index.js', 'backslash'],
    ['/../secret.txt', 'segment'],
    ['/assets/../index.html', 'segment'],
    ['/./index.html', 'segment'],
    ['//index.html', 'segment'],
    ['/assets/', 'segment'],
    ['/a%0Ab', 'control character'],
    ['relative.js', 'does not start'],
    [`/${'a'.repeat(2000)}`, 'too long'],
  ])('refuses %s (400: %s)', (path, reason) => {
    const judged = rendererPathOf(path);
    expect(judged.ok).toBe(false);
    if (!judged.ok) expect(judged.reason).toContain(reason);
  });
});

describe('listRendererFiles (the allow-list)', () => {
  let dir = '';
  beforeAll(() => {
    const root = mkdtempSync(join(tmpdir(), 'kiosk-files-'));
    dir = join(root, 'renderer');
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'x');
    writeFileSync(join(dir, 'assets', 'face.wasm'), 'x');
    writeFileSync(join(dir, '.hidden'), 'x');
    writeFileSync(join(root, 'secret.txt'), 'not for the page');
    symlinkSync(join(root, 'secret.txt'), join(dir, 'assets', 'link.txt'));
  });
  afterAll(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('holds the regular files of the folder, not hidden files, not symbolic links', () => {
    const files = listRendererFiles(dir);
    expect(files.names()).toEqual(['assets/app.js', 'assets/face.wasm', 'index.html']);
    expect(files.lookup('assets/app.js')?.contentType).toBe('text/javascript; charset=utf-8');
    expect(files.lookup('assets/face.wasm')?.contentType).toBe('application/wasm');
    expect(files.lookup('assets/link.txt')).toBeNull();
    expect(files.lookup('../secret.txt')).toBeNull();
    expect(files.lookup('.hidden')).toBeNull();
  });

  it('says to build first when there is no built renderer', () => {
    expect(() => listRendererFiles(join(dir, 'nowhere'))).toThrow(/npm run build/);
  });
});

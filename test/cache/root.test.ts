import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import { resolveCacheRoot } from '../../src/app/cache/root.js';

const root = suite('resolveCacheRoot');

root('an explicit --cache-dir wins over everything', () => {
  assert.is(resolveCacheRoot('/tmp/explicit', { HAZSIM_CACHE_DIR: '/tmp/env' }, 'linux', '/home/u'), '/tmp/explicit');
});

root('a relative --cache-dir is made absolute', () => {
  assert.is(resolveCacheRoot('rel/cache', {}, 'linux', '/home/u'), path.resolve('rel/cache'));
});

root('HAZSIM_CACHE_DIR comes next', () => {
  assert.is(resolveCacheRoot(undefined, { HAZSIM_CACHE_DIR: '/tmp/env', XDG_CACHE_HOME: '/x' }, 'linux', '/home/u'), '/tmp/env');
});

root('Windows uses LOCALAPPDATA', () => {
  assert.is(resolveCacheRoot(undefined, { LOCALAPPDATA: '/appdata' }, 'win32', '/home/u'), path.resolve('/appdata', 'hazsim'));
});

root('Linux and macOS use XDG_CACHE_HOME when it is absolute', () => {
  assert.is(resolveCacheRoot(undefined, { XDG_CACHE_HOME: '/xdg' }, 'linux', '/home/u'), '/xdg/hazsim');
  assert.is(resolveCacheRoot(undefined, { XDG_CACHE_HOME: '/xdg' }, 'darwin', '/home/u'), '/xdg/hazsim');
  // The XDG spec says a relative value is invalid and must be ignored.
  assert.is(resolveCacheRoot(undefined, { XDG_CACHE_HOME: 'relative' }, 'linux', '/home/u'), '/home/u/.cache/hazsim');
});

root('otherwise ~/.cache/hazsim', () => {
  assert.is(resolveCacheRoot(undefined, {}, 'linux', '/home/u'), '/home/u/.cache/hazsim');
  assert.is(resolveCacheRoot(undefined, {}, 'darwin', '/Users/u'), '/Users/u/.cache/hazsim');
});

root.run();

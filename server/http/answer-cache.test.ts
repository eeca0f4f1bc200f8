import type { AuthUser } from '../auth/auth-user';
import { AnswerCache } from './answer-cache';

const member = (generation: string, over: Partial<AuthUser> = {}): AuthUser => ({
  id: 7,
  email: 'm@example.org',
  role: 'member',
  isStaff: false,
  instituteIds: [2],
  generations: new Map([[2, generation]]),
  ...over,
});
const PATH = '/v2/institutes/:id/records';
const page = (n: number) => ({ page: n, size: 20 });
const json = (text: string) => Buffer.from(text);

describe('kept answers', () => {
  it('are given again while their institute is unchanged, never after it changed', () => {
    const cache = new AnswerCache(1024);
    const at = AnswerCache.keyOf(member('5'), PATH, 2, page(0))!;
    cache.keep(at, json('[1]'));
    expect(cache.get(AnswerCache.keyOf(member('5'), PATH, 2, page(0))!)?.json.toString()).toBe(
      '[1]',
    );
    expect(cache.get(AnswerCache.keyOf(member('6'), PATH, 2, page(0))!)).toBeUndefined();
    // Nor under the old generation again: the stale answer is gone.
    expect(cache.get(at)).toBeUndefined();
  });

  it('are kept apart per user, role, query and institute', () => {
    const cache = new AnswerCache(1024);
    cache.keep(AnswerCache.keyOf(member('5'), PATH, 2, page(0))!, json('[1]'));
    for (const other of [
      AnswerCache.keyOf(member('5', { id: 8 }), PATH, 2, page(0)),
      AnswerCache.keyOf(member('5', { role: 'guest' }), PATH, 2, page(0)),
      AnswerCache.keyOf(member('5'), PATH, 2, page(1)),
      AnswerCache.keyOf(member('5', { generations: new Map([[3, '5']]) }), PATH, 3, page(0)),
    ]) {
      expect(cache.get(other!)).toBeUndefined();
    }
  });

  it('are not kept for an institute the sign-in read no generation of', () => {
    expect(AnswerCache.keyOf(member('5'), PATH, 3, page(0))).toBeNull();
    expect(AnswerCache.keyOf(member('5', { generations: undefined }), PATH, 2, page(0))).toBeNull();
  });

  it('keep their compressed forms, and give up the least recently used beyond the bound', () => {
    const cache = new AnswerCache(100);
    const key = (n: number) => AnswerCache.keyOf(member('1'), PATH, 2, page(n))!;
    cache.keep(key(0), Buffer.alloc(40)).encoded.set('br', Buffer.alloc(10));
    expect(cache.get(key(0))?.encoded.get('br')?.length).toBe(10);
    cache.keep(key(1), Buffer.alloc(40));
    cache.get(key(0)); // used last: key(1) goes first
    cache.keep(key(2), Buffer.alloc(40));
    expect(cache.get(key(1))).toBeUndefined();
    expect(cache.get(key(0))).toBeDefined();
    expect(cache.get(key(2))).toBeDefined();
  });
});

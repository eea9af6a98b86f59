import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../src/constants';
import { pageQuerySchema } from '../src/page-query';

describe('pageQuerySchema', () => {
  it('defaults to the first page of PAGE_SIZE rows', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, limit: PAGE_SIZE });
  });

  it('reads numbers from the query string', () => {
    expect(pageQuerySchema.parse({ page: '3', limit: '100' })).toEqual({ page: 3, limit: 100 });
  });

  it.each([
    [{ page: '0' }, 'page', 'Page must be 1 or more'],
    [{ page: '1.5' }, 'page', 'Invalid input: expected int, received number'],
    [{ limit: '0' }, 'limit', 'Limit must be 1 or more'],
    [{ limit: '101' }, 'limit', 'Limit must be at most 100'],
  ])('refuses %j naming the field', (query, field, message) => {
    const result = pageQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [field, message],
    ]);
  });
});

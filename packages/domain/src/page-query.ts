import { z } from 'zod';
import { PAGE_SIZE } from './constants';
import { lazySchema } from './lazy-schema';

/**
 * `?page=&limit=` of every paged admin list (tickets, users, refunds): one page size, one cap, one wording of
 * what is wrong, so a list never pages differently from the next.
 */
export const pageQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1, 'Page must be 1 or more').default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'Limit must be 1 or more')
      .max(100, 'Limit must be at most 100')
      .default(PAGE_SIZE),
  }),
);

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type User, type UserPage, userPageResponseSchema } from '@utsav/domain/api/users';
import { PAGE_SIZE } from '@utsav/domain/constants';
import { z } from 'zod';
import { api } from '../../../../lib/api-client';

/** Query of GET /admin/users (docs/product.md#users): role, search, page, limit. */
export const usersQuerySchema = z.object({
  role: z.enum(['all', 'admin', 'manager', 'qrchecker', 'guest']).default('all'),
  search: z.string().trim().max(100).default(''),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(100).default(PAGE_SIZE),
});
export type UsersQuery = z.input<typeof usersQuerySchema>;

/** An account as User Management lists it. */
export type AdminUser = User;

/** One page of accounts (`pagination.totalUsers`: every account the filter matches). */
export type UsersPage = Omit<UserPage, 'success'>;

export async function getUsers(query: UsersQuery, signal?: AbortSignal): Promise<UsersPage> {
  const { role, search, page, limit } = usersQuerySchema.parse(query);
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (role !== 'all') params.set('role', role);
  if (search) params.set('search', search);
  const { users, pagination } = userPageResponseSchema.parse(
    await api.get<unknown>(`/admin/users?${params}`, { signal }),
  );
  return { users, pagination };
}

export const usersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: ['admin', 'users', 'list', usersQuerySchema.parse(query)],
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UsersQuery) {
  return useQuery(usersQueryOptions(query));
}

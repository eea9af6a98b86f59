import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@utsav/domain/constants';
import { effectiveRole, type Role } from '@utsav/domain/roles';
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

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  picture: string | null;
  createdAt: string | null;
  lastLogin: string | null;
}

export interface Pagination {
  current: number;
  total: number;
  count: number;
  totalItems: number;
}

export interface UsersPage {
  users: AdminUser[];
  pagination: Pagination;
}

type Raw = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

export function toAdminUser(raw: unknown): AdminUser | null {
  if (!raw || typeof raw !== 'object') return null;
  const user = raw as Raw;
  const id = text(user.id) ?? text(user._id);
  if (!id) return null;
  const email = text(user.email) ?? '';
  return {
    id,
    name: text(user.name) ?? text(user.displayName) ?? email.split('@')[0] ?? '',
    email,
    role: effectiveRole(user.role),
    picture: text(user.profilePicture) ?? text(user.photoURL),
    createdAt: text(user.createdAt),
    lastLogin: text(user.lastLogin),
  };
}

export function toPagination(raw: unknown, count: number, totalKey: string): Pagination {
  const page = (raw && typeof raw === 'object' ? raw : {}) as Raw;
  const n = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  return {
    current: n(page.current, 1),
    total: Math.max(1, n(page.total, 1)),
    count: n(page.count, count),
    totalItems: n(page[totalKey], count),
  };
}

export async function getUsers(query: UsersQuery, signal?: AbortSignal): Promise<UsersPage> {
  const { role, search, page, limit } = usersQuerySchema.parse(query);
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (role !== 'all') params.set('role', role);
  if (search) params.set('search', search);
  const body = await api.get<{
    users?: unknown[];
    data?: { users?: unknown[]; pagination?: unknown };
    pagination?: unknown;
  }>(`/admin/users?${params}`, { signal });
  const rawUsers = body?.users ?? body?.data?.users ?? [];
  const users = rawUsers.map(toAdminUser).filter((user): user is AdminUser => user !== null);
  return {
    users,
    pagination: toPagination(body?.pagination ?? body?.data?.pagination, users.length, 'totalUsers'),
  };
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

// Query keys this feature reads and its mutations change (the tickets and event keys are shared: lib/query-keys).
export const REFUNDS_QUERY_KEY = ['refunds'] as const;
export const MY_REFUNDS_QUERY_KEY = ['refunds', 'my-refunds'] as const;
export const ADMIN_REFUNDS_QUERY_KEY = ['refunds', 'admin'] as const;

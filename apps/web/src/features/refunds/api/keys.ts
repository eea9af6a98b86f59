// Query keys this feature reads and the ones its mutations change. The tickets and event keys are spelled
// here rather than imported: features never import each other.
export const REFUNDS_QUERY_KEY = ['refunds'] as const;
export const MY_REFUNDS_QUERY_KEY = ['refunds', 'my-refunds'] as const;
export const ADMIN_REFUNDS_QUERY_KEY = ['refunds', 'admin'] as const;
export const TICKETS_QUERY_KEY = ['tickets'] as const;
export const EVENT_QUERY_KEY = ['event'] as const;

import type { Role } from '@utsav/domain/roles';

export interface DemoAccount {
  email: string;
  name: string;
  role: Role;
  picture?: string;
}

/**
 * One account per role for local runs. The demo seed pre-creates their rows (no identity yet) and the
 * development sign-in popup offers them; signing in links the row, so the person gets that role.
 */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'admin@utsav.test', name: 'Asha Admin', role: 'admin' },
  { email: 'manager@utsav.test', name: 'Meera Manager', role: 'manager' },
  { email: 'checker@utsav.test', name: 'Kiran Checker', role: 'qrchecker' },
  { email: 'guest@utsav.test', name: 'Gaurav Guest', role: 'guest' },
];

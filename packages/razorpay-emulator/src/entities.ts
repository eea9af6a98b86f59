// Entity shapes as Razorpay's v1 API returns them (only the fields our app and its tests can observe).

/** Razorpay serialises empty notes as `[]`, filled ones as an object. */
export type Notes = Record<string, string | number> | [];

export type OrderStatus = 'created' | 'attempted' | 'paid';
export type PaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
export type PaymentMethod = 'card' | 'upi';
export type RefundStatus = 'pending' | 'processed' | 'failed';

export interface Order {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: string | null;
  status: OrderStatus;
  attempts: number;
  notes: Notes;
  created_at: number;
}

export interface Card {
  id: string;
  entity: 'card';
  name: string;
  last4: string;
  network: string;
  type: 'credit' | 'debit';
  issuer: string | null;
  international: boolean;
  emi: boolean;
  sub_type: 'consumer';
  token_iin: string | null;
}

export interface Payment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: PaymentStatus;
  order_id: string;
  invoice_id: string | null;
  international: boolean;
  method: PaymentMethod;
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  captured: boolean;
  description: string | null;
  card_id: string | null;
  card?: Card;
  bank: string | null;
  wallet: string | null;
  vpa: string | null;
  upi?: { vpa: string; payer_account_type: string };
  email: string;
  contact: string;
  notes: Notes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
}

export interface Refund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: string | null;
  status: RefundStatus;
  speed_processed: 'normal' | 'instant' | null;
  speed_requested: 'normal' | 'optimum';
}

export interface Collection<T> {
  entity: 'collection';
  count: number;
  items: T[];
}

export type EventName =
  | 'payment.authorized'
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'refund.created'
  | 'refund.processed'
  | 'refund.failed';

export interface EventPayload {
  payment?: Payment;
  order?: Order;
  refund?: Refund;
}

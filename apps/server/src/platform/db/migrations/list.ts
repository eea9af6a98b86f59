import type { Migration } from 'kysely';
import * as usersEvents from './0001_users_events';
import * as purchase from './0002_purchase';
import * as checkinScans from './0003_checkin_scans';
import * as refunds from './0004_refunds';
import * as adminIndexes from './0005_admin_indexes';
import * as paymentRefunds from './0006_payment_refunds';
import * as ticketQrImages from './0009_ticket_qr_images';
import * as waitingRoom from './0010_waiting_room';
import * as eventInventory from './0011_event_inventory';
import * as gates from './0013_gates';
import * as ticketTransfers from './0014_ticket_transfers';
import * as userLanguage from './0015_user_language';
import * as waitlist from './0016_waitlist';
import * as orderTicketNames from './0019_order_ticket_names';
import * as seatsInHolds from './0020_seats_in_holds';
import * as holdWrites from './0022_hold_writes';
import * as scanLogWrites from './0023_scan_log_writes';
import * as ticketTypes from './0024_ticket_types';
import * as snapshotDownloads from './0025_snapshot_downloads';
import * as checkoutOfTypes from './0026_checkout_of_types';
import * as organiserSetup from './0030_organiser_setup';
import * as counterLockOrder from './0031_counter_lock_order';
import * as gateUndo from './0034_gate_undo';
import * as taxDocuments from './0036_tax_documents';
import * as waitlistTypeLine from './0037_waitlist_type_line';
import * as eventChanges from './0039_event_changes';
import * as resale from './0040_resale';
import * as guestMessages from './0041_messages';
import * as checkoutQuestions from './0042_checkout_questions';
import * as auditLogViewer from './0043_audit_log_viewer';
import * as ticketResoldAt from './0045_ticket_resold_at';
import * as convenienceFee from './0046_convenience_fee';
import * as taxDocumentTickets from './0047_tax_document_tickets';
import * as idempotencyKeys from './0048_idempotency_keys';
import * as callOffLookups from './0049_call_off_lookups';

// Applied in this order, by name. Later issues append their migrations here; never edit or reorder one
// that has shipped, because deployed databases remember which names they ran.
export const MIGRATIONS: ReadonlyArray<readonly [name: string, migration: Migration]> = [
  ['0001_users_events', usersEvents],
  ['0002_purchase', purchase],
  ['0003_checkin_scans', checkinScans],
  ['0004_refunds', refunds],
  ['0005_admin_indexes', adminIndexes],
  ['0006_payment_refunds', paymentRefunds],
  ['0009_ticket_qr_images', ticketQrImages],
  ['0010_waiting_room', waitingRoom],
  ['0011_event_inventory', eventInventory],
  ['0013_gates', gates],
  ['0014_ticket_transfers', ticketTransfers],
  ['0015_user_language', userLanguage],
  ['0019_order_ticket_names', orderTicketNames],
  ['0016_waitlist', waitlist],
  ['0020_seats_in_holds', seatsInHolds],
  ['0022_hold_writes', holdWrites],
  ['0023_scan_log_writes', scanLogWrites],
  ['0024_ticket_types', ticketTypes],
  ['0030_organiser_setup', organiserSetup],
  ['0025_snapshot_downloads', snapshotDownloads],
  ['0026_checkout_of_types', checkoutOfTypes],
  ['0031_counter_lock_order', counterLockOrder],
  ['0034_gate_undo', gateUndo],
  ['0036_tax_documents', taxDocuments],
  ['0039_event_changes', eventChanges],
  ['0037_waitlist_type_line', waitlistTypeLine],
  ['0040_resale', resale],
  ['0041_messages', guestMessages],
  ['0042_checkout_questions', checkoutQuestions],
  ['0045_ticket_resold_at', ticketResoldAt],
  ['0043_audit_log_viewer', auditLogViewer],
  ['0046_convenience_fee', convenienceFee],
  ['0047_tax_document_tickets', taxDocumentTickets],
  ['0048_idempotency_keys', idempotencyKeys],
  ['0049_call_off_lookups', callOffLookups],
];

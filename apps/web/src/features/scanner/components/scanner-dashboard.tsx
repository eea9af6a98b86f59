import { BarChart3, Camera, ScanLine } from 'lucide-react';
import { ComingSoonCard } from '../../../ui/coming-soon';

/** Gate staff dashboard: the QR scanner arrives in an upcoming release, and this page says so. */
export default function ScannerDashboard() {
  return (
    <div className="mx-auto max-w-5xl px-5 pt-28 pb-20">
      <h1 className="font-display text-4xl text-gold-200">QR Scanner</h1>
      <div className="card mt-6 p-5 text-maroon-50">
        <p>
          <strong className="text-cream">The gate scanner arrives in an upcoming release.</strong> Tickets
          cannot be checked in from this page yet.
        </p>
      </div>
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        <ComingSoonCard icon={<Camera className="size-5" />} title="Camera scanning">
          Start and stop the back camera and scan ticket QR codes continuously.
        </ComingSoonCard>
        <ComingSoonCard icon={<ScanLine className="size-5" />} title="Instant result">
          Entry Allowed, Already Used (with the first scan's time), Ticket Cancelled or Invalid Ticket.
        </ComingSoonCard>
        <ComingSoonCard icon={<BarChart3 className="size-5" />} title="Gate counters">
          Total Scanned, Valid Entries, Already Used and Invalid, with Reset Statistics.
        </ComingSoonCard>
      </ul>
    </div>
  );
}

/**
 * Test-only: after `holdAfter(n)`, the first n refund requests go through and the later ones wait here until
 * `release()`, as if Razorpay had taken them and the network had hung. A crash test stops the app while one waits:
 * once released, Razorpay makes that refund although the app never heard its answer. Open unless a test closes it.
 */
export class RefundGate {
  private allowed: number | null = null;
  private readonly waiting: (() => void)[] = [];

  /** Requests now waiting for `release()`. */
  get held(): number {
    return this.waiting.length;
  }

  holdAfter(count: number): void {
    this.allowed = count;
  }

  release(): void {
    this.allowed = null;
    for (const go of this.waiting.splice(0)) go();
  }

  async pass(): Promise<void> {
    if (this.allowed === null) return;
    if (this.allowed > 0) {
      this.allowed -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  close(): void {
    this.release();
  }
}

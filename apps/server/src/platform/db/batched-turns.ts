// Many calls of one hot statement, run as few statements: a call that arrives while `maxInFlight` batches are
// running waits, and the next batch takes every waiting call (up to `maxBatch`) at once. Under a burst PostgreSQL
// then pays its per-statement costs (protocol, snapshot, executor start, commit) once per batch instead of once
// per call, and the pool's driver parses one result instead of one per call (bench/history/gate.md). At
// rest nothing waits: a lone call starts at once, as a batch of one.
//
// `keyOf` keeps calls on the same thing apart: two calls with one key never share a batch or run at once, so a
// batch updates each row at most once (its answer is the row's own), and concurrent batches never lock the same
// rows in different orders (no deadlock between them). A call waits while its key is busy; calls behind it with
// other keys go ahead.
//
// `hold` is for tests: whether the calls of a burst share a batch depends on how they happen to overlap on the
// machine, so a test that counts statements holds the batches back until every call of its burst is waiting,
// then releases them (the product never holds).

export interface BatchedTurnsOptions<I, O> {
  maxInFlight: number;
  maxBatch: number;
  /** Runs one batch; answers one output per item, in the items' order. */
  run: (items: I[]) => Promise<O[]>;
  keyOf?: (item: I) => string;
}

interface Waiting<I, O> {
  item: I;
  key: string | undefined;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

export interface BatchedTurns<I, O> {
  (item: I): Promise<O>;
  /** How many calls wait for a batch. */
  waiting(): number;
  /** Starts no batch until the returned release is called; calls arriving meanwhile wait, in order. */
  hold(): () => void;
}

export function batchedTurns<I, O>(options: BatchedTurnsOptions<I, O>): BatchedTurns<I, O> {
  const { maxInFlight, maxBatch, run, keyOf } = options;
  for (const [name, value] of Object.entries({ maxInFlight, maxBatch }))
    if (!Number.isInteger(value) || value < 1)
      throw new RangeError(`batchedTurns: ${name} must be a positive integer`);
  let queue: Waiting<I, O>[] = [];
  let running = 0;
  let held = false;
  const busyKeys = new Set<string>();

  /** The next batch, in arrival order, skipping calls whose key is busy or already taken; the rest stay queued. */
  function takeBatch(): Waiting<I, O>[] {
    if (!keyOf) {
      const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
      queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
      return batch;
    }
    const batch: Waiting<I, O>[] = [];
    const left: Waiting<I, O>[] = [];
    for (const waiting of queue) {
      if (batch.length < maxBatch && !busyKeys.has(waiting.key!)) {
        busyKeys.add(waiting.key!);
        batch.push(waiting);
      } else left.push(waiting);
    }
    queue = left;
    return batch;
  }

  function pump(): void {
    while (!held && running < maxInFlight && queue.length > 0) {
      const batch = takeBatch();
      if (batch.length === 0) return;
      running++;
      void runBatch(batch);
    }
  }

  async function runBatch(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const outputs = await run(batch.map((waiting) => waiting.item));
      if (outputs.length !== batch.length)
        throw new Error(`batchedTurns: ${outputs.length} answers for ${batch.length} calls`);
      for (const [index, waiting] of batch.entries()) waiting.resolve(outputs[index]!);
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      running--;
      if (keyOf) for (const waiting of batch) busyKeys.delete(waiting.key!);
      pump();
    }
  }

  const call = (item: I) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, key: keyOf?.(item), resolve, reject });
      pump();
    });
  return Object.assign(call, {
    waiting: () => queue.length,
    hold() {
      held = true;
      return () => {
        held = false;
        pump();
      };
    },
  });
}

import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

// A per-instance copy of rows that every request reads (the signed-in user) must never outlive a change made
// on this instance. Rather than trusting every writer to say so, the database layer watches the SQL it sends:
// any statement that writes the watched table moves a version number, after the statement and again after
// the commit or rollback of its transaction. A copy read while the version was V is valid only while it is
// still V. Writers on other instances or processes are not seen here; the copy's age limit covers them.

/** A number that moves whenever the watched table may have changed on this instance. */
export interface TableVersion {
  readonly value: number;
}

/** Whether a SQL text writes `table` (insert, update, delete; Kysely's quoted names and plain ones). */
export function writesTable(sql: string, table: string): boolean {
  return writePattern(table).test(sql);
}

const patterns = new Map<string, RegExp>();
function writePattern(table: string): RegExp {
  let pattern = patterns.get(table);
  if (!pattern) {
    pattern = new RegExp(
      `(?:\\bupdate\\s+|\\binsert\\s+(?:or\\s+\\w+\\s+)?into\\s+|\\bdelete\\s+from\\s+)"?${table}"?(?![\\w"])`,
      'i',
    );
    patterns.set(table, pattern);
  }
  return pattern;
}

const TRANSACTION_END = /^\s*(?:commit|rollback|end)\b/i;
// SQL texts recur (prepared once, compiled once): each is classified once. Bounded like the statement cache.
const MAX_CLASSIFIED = 2000;

/** The dialect with every statement watched for writes to `table`; the version moves on each. */
export function watchTableWrites(
  dialect: Dialect,
  table: string,
): { dialect: Dialect; version: TableVersion } {
  const version = { value: 0 };
  const classified = new Map<string, boolean>();
  const writes = (sql: string): boolean => {
    let answer = classified.get(sql);
    if (answer === undefined) {
      answer = writesTable(sql, table);
      if (classified.size >= MAX_CLASSIFIED) classified.clear();
      classified.set(sql, answer);
    }
    return answer;
  };
  const moved = () => {
    version.value += 1;
  };
  return {
    version,
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createDriver: () => new WatchingDriver(dialect.createDriver(), writes, moved),
    },
  };
}

class WatchingConnection implements DatabaseConnection {
  /** A write to the table ran in the transaction now open on this connection. */
  private wrote = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly writes: (sql: string) => boolean,
    private readonly moved: () => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const write = this.writes(query.sql);
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      // After the statement: a reader that took the version before it may hold the old row, and is refused.
      if (write) {
        this.wrote = true;
        this.moved();
      }
      // After the commit (or rollback): other connections could read the old committed row until now.
      if (this.wrote && TRANSACTION_END.test(query.sql)) {
        this.wrote = false;
        this.moved();
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.writes(query.sql)) {
      this.wrote = true;
      this.moved();
    }
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

type CompileQuery = QueryCompiler['compileQuery'];

/** The driver's connections watched; transaction commands go through them (so the commit is seen). */
class WatchingDriver implements Driver {
  savepoint?: (c: DatabaseConnection, name: string, compile: CompileQuery) => Promise<void>;
  rollbackToSavepoint?: (c: DatabaseConnection, name: string, compile: CompileQuery) => Promise<void>;
  releaseSavepoint?: (c: DatabaseConnection, name: string, compile: CompileQuery) => Promise<void>;

  constructor(
    private readonly inner: Driver,
    private readonly writes: (sql: string) => boolean,
    private readonly moved: () => void,
  ) {
    const savepoint = inner.savepoint;
    const rollbackTo = inner.rollbackToSavepoint;
    const release = inner.releaseSavepoint;
    if (savepoint) this.savepoint = (c, name, compile) => savepoint.call(inner, c, name, compile);
    if (rollbackTo) this.rollbackToSavepoint = (c, name, compile) => rollbackTo.call(inner, c, name, compile);
    if (release) this.releaseSavepoint = (c, name, compile) => release.call(inner, c, name, compile);
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchingConnection(await this.inner.acquireConnection(), this.writes, this.moved);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as WatchingConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

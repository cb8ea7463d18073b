package io.fx.micronaut.db;

/**
 * The storage roles together, as the SQL adapter implements them: {@link RecordStore} (records),
 * {@link Transactions} (the thread's transaction and its callbacks) and {@link RawSql} (raw statements and
 * the database's capabilities). Inject the narrow role you need; this aggregate serves code that needs all
 * three, such as the request context.
 *
 * @since 0.1.0 (the three roles since 0.7.0)
 */
public interface DataStore extends RecordStore, Transactions, RawSql {
}

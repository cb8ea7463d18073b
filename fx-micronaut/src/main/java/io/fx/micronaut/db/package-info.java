/**
 * The dialect-free storage SPI, by role: {@link io.fx.micronaut.db.RecordStore} (records),
 * {@link io.fx.micronaut.db.Transactions} and {@link io.fx.micronaut.db.RawSql} (with the database's
 * {@link io.fx.micronaut.db.SqlCapabilities}), together {@link io.fx.micronaut.db.DataStore}; and the seams every feature that
 * must hold for all reads and writes plugs into: {@link io.fx.micronaut.db.ScopeResolver} (the rows a
 * caller may see and touch, applied by the store to every statement),
 * {@link io.fx.micronaut.db.RecordListener} (each record a write touches, inside its transaction,
 * cascades included) and after-commit callbacks ({@link io.fx.micronaut.db.Transactions#afterCommit}).
 * A {@link io.fx.micronaut.db.StorageContext} names who each call runs for, and
 * {@link io.fx.micronaut.db.DatabaseDeadlines} puts a thread's calls under one per-request deadline.
 */
package io.fx.micronaut.db;

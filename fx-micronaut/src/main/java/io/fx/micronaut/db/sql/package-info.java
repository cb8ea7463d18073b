/**
 * The JDBC adapter: one {@link io.fx.micronaut.db.sql.SqlDialect} per database, SQL rendering,
 * SQLState translation and auto-migration.
 */
package io.fx.micronaut.db.sql;

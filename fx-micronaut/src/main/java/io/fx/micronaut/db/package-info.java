/**
 * The dialect-free storage SPI: {@link io.fx.micronaut.db.DataStore}.
 */
package io.fx.micronaut.db;

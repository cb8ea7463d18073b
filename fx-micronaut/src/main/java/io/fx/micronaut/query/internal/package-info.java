/**
 * Internals of the query language: the query-string parser. Not API.
 */
package io.fx.micronaut.query.internal;

/**
 * The list query language as a parsed, SQL-free structure: filters, OR groups, sort and paging, and
 * (marked {@code @Internal}) the parser that builds it from query parameters.
 */
package io.fx.micronaut.query;

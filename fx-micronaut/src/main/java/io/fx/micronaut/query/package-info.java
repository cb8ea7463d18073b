/**
 * The list query language as a parsed, SQL-free structure: filters, OR groups, sort and paging.
 */
package io.fx.micronaut.query;

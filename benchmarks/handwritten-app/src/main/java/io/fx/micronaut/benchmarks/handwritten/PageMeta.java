package io.fx.micronaut.benchmarks.handwritten;

import io.micronaut.serde.annotation.Serdeable;

/**
 * The {@code meta} of a list answer.
 *
 * @param total rows matching the filter
 * @param page  the 1-based page
 * @param limit the page size
 * @param pages the number of pages
 * @since 0.1.0
 */
@Serdeable
public record PageMeta(long total, int page, int limit, long pages) {
}

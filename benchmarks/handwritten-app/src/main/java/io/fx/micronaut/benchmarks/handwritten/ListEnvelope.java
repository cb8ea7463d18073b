package io.fx.micronaut.benchmarks.handwritten;

import io.micronaut.serde.annotation.Serdeable;

import java.util.List;

/**
 * {@code {"data":[...],"meta":{...}}}.
 *
 * @param data the page of posts
 * @param meta paging information
 * @since 0.1.0
 */
@Serdeable
public record ListEnvelope(List<PostView> data, PageMeta meta) {
}

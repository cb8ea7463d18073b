package io.fx.micronaut.benchmarks.handwritten;

import io.micronaut.serde.annotation.Serdeable;

/**
 * {@code {"data":{...}}}.
 *
 * @param data the post
 * @since 0.1.0
 */
@Serdeable
public record DataEnvelope(PostView data) {
}

package io.fx.micronaut.events.jobs;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.json.tree.JsonNode;

/**
 * One job as its handler sees it.
 *
 * @param id      the job's id, the same on every attempt
 * @param type    its type
 * @param payload the JSON value it was enqueued with
 * @param attempt this attempt's number, from 1
 * @since 0.7.0
 */
public record Job(@NonNull String id, @NonNull String type, @NonNull JsonNode payload, int attempt) {
}

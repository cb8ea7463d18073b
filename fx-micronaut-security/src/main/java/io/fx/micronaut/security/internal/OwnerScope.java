package io.fx.micronaut.security.internal;

import io.micronaut.core.annotation.Internal;

/**
 * The owner restriction of one request: rows of {@code model} whose {@code field} holds {@code userId}.
 *
 * @param model  the model name
 * @param field  the owner field (property or column name)
 * @param userId the caller's user id
 */
@Internal
public record OwnerScope(String model, String field, String userId) {
}

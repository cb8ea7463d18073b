package io.fx.micronaut.security.rules;

import io.fx.micronaut.model.AttributeKey;

/**
 * The owner restriction of one request's reads by id: rows of {@code model} whose {@code field} holds
 * {@code userId}. {@code requireOwner()} leaves it on the request; {@link OwnerScopeResolver} applies it.
 *
 * @param model  the model name
 * @param field  the owner field (property or column name)
 * @param userId the caller's user id
 */
record OwnerScope(String model, String field, String userId) {

    /** The request attribute it travels under. */
    static final AttributeKey<OwnerScope> KEY = AttributeKey.of("fx.security.owner-scope", OwnerScope.class);
}

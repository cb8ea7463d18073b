package io.fx.micronaut.limits;

/** PLACEHOLDER: replaced by the idempotency work before it lands. */
public record IdempotencyConfig() {
}

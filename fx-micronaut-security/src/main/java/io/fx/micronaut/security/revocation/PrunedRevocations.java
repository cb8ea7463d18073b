package io.fx.micronaut.security.revocation;

/**
 * What one pruning of a revocation store deleted.
 *
 * @param tokens the revoked tokens past their {@code exp}
 * @param users  the user cutoffs past their retention
 * @since 0.5.0
 */
public record PrunedRevocations(int tokens, int users) {
}

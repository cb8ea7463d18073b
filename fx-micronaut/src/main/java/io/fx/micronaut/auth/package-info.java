/**
 * Who is calling: the principal ({@link io.fx.micronaut.auth.AuthInfo}) that the Auth step
 * establishes and that the storage layer, scope resolvers and record listeners see. Depends on
 * nothing else in fx-micronaut.
 *
 * @since 0.3.0
 */
package io.fx.micronaut.auth;

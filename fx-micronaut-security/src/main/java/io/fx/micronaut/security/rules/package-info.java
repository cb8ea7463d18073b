/**
 * Authorisation rules: the {@link io.fx.micronaut.security.rules.FxSecurity} façade (roles, scopes, owners,
 * policies, blocked operations, admissions, forced filters and tenancy), the rules it builds, the rules read from
 * {@code fx.security.*} configuration, and the owner rule's scope in the storage layer.
 */
package io.fx.micronaut.security.rules;

/**
 * Production validation: every generated operation is covered by Auth-step middleware or a scoped
 * public declaration, every custom action declares its access. Middleware say how they guard an
 * operation through {@link io.fx.micronaut.production.AccessGuard}.
 */
package io.fx.micronaut.production;

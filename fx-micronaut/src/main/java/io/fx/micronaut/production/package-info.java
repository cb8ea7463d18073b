/**
 * Production validation: every generated operation is covered by Auth-step middleware or a scoped
 * public declaration, every custom action declares its access, and every other route under the path
 * prefix is covered by a {@link io.fx.micronaut.production.RouteGuard}. Middleware say how they guard an
 * operation through {@link io.fx.micronaut.production.AccessGuard}.
 */
package io.fx.micronaut.production;

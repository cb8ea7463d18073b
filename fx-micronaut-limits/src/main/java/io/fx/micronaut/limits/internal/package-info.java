/**
 * The limits module's implementation: the rate limit and idempotency middleware, their memory and Redis backends,
 * the lazy Redis connection and the registrations made from configuration. Not an API.
 */
@Internal
package io.fx.micronaut.limits.internal;

import io.micronaut.core.annotation.Internal;

/**
 * Internals of the security module: the authentication middleware, the module's pipeline
 * configurer and the shapes the middleware share. Not API.
 */
@Internal
package io.fx.micronaut.security.internal;

import io.micronaut.core.annotation.Internal;

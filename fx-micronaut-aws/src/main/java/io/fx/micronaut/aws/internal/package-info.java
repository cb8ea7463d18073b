/**
 * The beans through which the API Gateway events reach the core's seams: the raw query string and the client's
 * address of each event. Not API.
 */
@Internal
package io.fx.micronaut.aws.internal;

import io.micronaut.core.annotation.Internal;

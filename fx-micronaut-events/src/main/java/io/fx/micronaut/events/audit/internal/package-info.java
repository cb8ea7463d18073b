/**
 * The audit's implementation: the record listener and request observer that make records, the bounded lanes
 * that hand them to sinks, and the built-in sinks. Not API.
 */
@Internal
package io.fx.micronaut.events.audit.internal;

import io.micronaut.core.annotation.Internal;

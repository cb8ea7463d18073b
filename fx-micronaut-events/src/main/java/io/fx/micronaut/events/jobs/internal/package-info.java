/**
 * The job queue's stores and workers; not API.
 */
@Internal
package io.fx.micronaut.events.jobs.internal;

import io.micronaut.core.annotation.Internal;

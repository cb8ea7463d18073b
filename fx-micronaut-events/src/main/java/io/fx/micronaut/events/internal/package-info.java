/**
 * Module plumbing that is not API: the configuration defaults the broker integrations need.
 */
package io.fx.micronaut.events.internal;

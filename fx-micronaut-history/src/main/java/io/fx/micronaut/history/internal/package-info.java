/**
 * The history module's implementation: the history models, the listener that writes their rows, the sub-resource
 * that reads them and the module's error catalog. Not an API.
 */
@Internal
package io.fx.micronaut.history.internal;

import io.micronaut.core.annotation.Internal;

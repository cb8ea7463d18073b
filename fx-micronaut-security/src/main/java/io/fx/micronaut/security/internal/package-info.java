/** The module's configuration defaults, loaded as a property source; no other package uses it. */
@Internal
package io.fx.micronaut.security.internal;

import io.micronaut.core.annotation.Internal;

/**
 * The encryption module's implementation: the directives, the field codec, envelopes and blind indexes, the key
 * ring over the configured provider, the built-in providers, startup and production checks, rotation and the
 * API document's marks. Not API.
 */
@Internal
package io.fx.micronaut.encryption.internal;

import io.micronaut.core.annotation.Internal;

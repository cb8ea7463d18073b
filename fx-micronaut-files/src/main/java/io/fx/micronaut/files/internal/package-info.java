/**
 * The files module's implementation: the directives, the multipart reader, the middleware that store uploads and
 * check keys, the listener that deletes replaced files after commit, the download sub-resource, the {@code /files}
 * routes and the storage wiring. Not an API.
 */
@Internal
package io.fx.micronaut.files.internal;

import io.micronaut.core.annotation.Internal;

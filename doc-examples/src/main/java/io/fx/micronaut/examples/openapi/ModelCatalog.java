package io.fx.micronaut.examples.openapi;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.serde.annotation.Serdeable;

import java.util.List;

/**
 * The answer of {@code GET /api/catalog}: the collections the service serves.
 *
 * @param collections the collection path segments, in registration order
 * @since 0.1.0
 */
@Serdeable
public record ModelCatalog(@NonNull List<String> collections) {
}

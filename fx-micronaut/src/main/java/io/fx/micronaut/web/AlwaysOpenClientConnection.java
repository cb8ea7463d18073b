package io.fx.micronaut.web;

import io.micronaut.context.annotation.Secondary;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;

/**
 * The fallback where the runtime cannot tell (for example the AWS Lambda proxy): clients count as connected.
 */
@Internal
@Singleton
@Secondary
final class AlwaysOpenClientConnection implements ClientConnection {

    @Override
    public boolean isClosed(@NonNull HttpRequest<?> request) {
        return false;
    }
}

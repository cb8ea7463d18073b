package io.fx.micronaut.web;

import io.fx.micronaut.exception.ErrorCode;
import io.micronaut.context.annotation.Secondary;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;

import java.util.Optional;

/** The fallback where the runtime decodes requests itself (for example the AWS Lambda proxy). */
@Internal
@Singleton
@Secondary
final class NoDecoderFailure implements DecoderFailure {

    @Override
    @NonNull
    public Optional<ErrorCode> of(@NonNull HttpRequest<?> request) {
        return Optional.empty();
    }
}

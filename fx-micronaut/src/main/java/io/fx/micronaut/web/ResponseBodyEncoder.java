package io.fx.micronaut.web;

import io.micronaut.core.annotation.NonNull;

/**
 * The bytes the server sends for a response's JSON body ({@code FxResponse.body()}), written exactly as the web
 * layer writes them: for a module that keeps an answer to send it again later (an idempotent replay) byte for byte.
 * A bean.
 *
 * <pre>{@code
 * byte[] json = encoder.encode(response.body());
 * context.response().set(FxResponse.bytes(response.status(), "application/json", json));
 * }</pre>
 *
 * @since 0.7.0
 */
@FunctionalInterface
public interface ResponseBodyEncoder {

    /**
     * @param body a JSON response body: maps, lists, strings, numbers, booleans, dates, records of the models
     * @return its JSON, UTF-8
     * @throws RuntimeException when the body cannot be written
     */
    @NonNull
    byte[] encode(@NonNull Object body);
}

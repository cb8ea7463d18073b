package io.fx.micronaut.web;

import io.fx.micronaut.json.JsonCodec;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

/** The {@link ResponseBodyEncoder}: the {@link JsonCodec} the {@link ResponseWriter} writes with. */
@Internal
@Singleton
final class JsonResponseBodyEncoder implements ResponseBodyEncoder {

    private final JsonCodec json;

    JsonResponseBodyEncoder(JsonCodec json) {
        this.json = json;
    }

    @Override
    @NonNull
    public byte[] encode(@NonNull Object body) {
        return json.writeBytes(body);
    }
}

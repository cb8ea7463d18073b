package io.fx.micronaut.pipeline.step;

import io.fx.micronaut.json.JsonCodec;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RecordRenderer;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import jakarta.inject.Singleton;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@link RecordRenderer}: the Response step's rendering of one record, and the response writer's JSON.
 */
@Internal
@Singleton
final class DefaultRecordRenderer implements RecordRenderer {

    private final JsonCodec codec;

    DefaultRecordRenderer(JsonCodec codec) {
        this.codec = codec;
    }

    @Override
    @NonNull
    public Map<String, Object> render(@NonNull ModelDescriptor model, @NonNull Map<String, Object> record) {
        Map<String, Object> out = new LinkedHashMap<>();
        DefaultResponseStep.render(model, record).forEach((name, value) -> {
            if (model.findField(name).isPresent()) {
                out.put(name, value);
            }
        });
        return out;
    }

    @Override
    @NonNull
    public Map<String, Object> renderRedacted(@NonNull ModelDescriptor model, @NonNull Map<String, Object> record) {
        Map<String, Object> out = render(model, record);
        for (FieldDescriptor field : model.getFields()) {
            if (field.isRedacted()) {
                out.remove(field.name());
            }
        }
        return out;
    }

    @Override
    @NonNull
    public byte[] toJson(@NonNull Map<String, Object> rendered) {
        return codec.writeBytes(rendered);
    }
}
